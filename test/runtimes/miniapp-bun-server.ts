// The Mini App conformance server on Bun: `bun --conditions=source test/runtimes/miniapp-bun-server.ts`.
import { APP_KEY_ENV } from '../support/miniapp-rows.js';
import { createMiniAppConformanceApp } from './miniapp-app.js';

// Bun's global, typed here for what this file uses (the workspace does not load bun-types).
declare const Bun: {
  readonly env: Readonly<Record<string, string | undefined>>;
  serve(options: { port: number; hostname: string; fetch: (request: Request, server: unknown) => Promise<Response> }): { port: number };
};

const app = createMiniAppConformanceApp(Bun.env[APP_KEY_ENV] ?? '');
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request, bunServer) => app(request, bunServer) });
console.log(`LISTENING ${server.port}`);

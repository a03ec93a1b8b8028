// The Mini App conformance server on Deno (run as deno-server.ts is, with --allow-env for the key).
import { APP_KEY_ENV } from '../support/miniapp-rows.js';
import { createMiniAppConformanceApp } from './miniapp-app.js';

// Deno's global, typed here for what this file uses.
declare const Deno: {
  readonly env: { get(name: string): string | undefined };
  serve(
    options: { port: number; hostname: string; onListen: (address: { port: number }) => void },
    handler: (request: Request, info: unknown) => Promise<Response>,
  ): unknown;
};

const app = createMiniAppConformanceApp(Deno.env.get(APP_KEY_ENV) ?? '');
Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => console.log(`LISTENING ${port}`) }, (request, info) =>
  app(request, info),
);

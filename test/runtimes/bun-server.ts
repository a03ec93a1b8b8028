// The conformance server on Bun: `bun --conditions=source test/runtimes/bun-server.ts`.
import { createConformanceApp } from './conformance-app.js';

// Bun's global, typed here for what this file uses (the workspace does not load bun-types).
declare const Bun: {
  serve(options: { port: number; hostname: string; fetch: (request: Request, server: unknown) => Promise<Response> }): { port: number };
};

const app = createConformanceApp();
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request, bunServer) => app(request, bunServer) });
console.log(`LISTENING ${server.port}`);

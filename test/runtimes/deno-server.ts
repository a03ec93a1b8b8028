// The conformance server on Deno: `deno run --conditions=source --sloppy-imports … deno-server.ts`
// (sloppy imports: the workspace's TypeScript sources import each other as `.js`).
import { createConformanceApp } from './conformance-app.js';

// Deno's global, typed here for what this file uses.
declare const Deno: {
  serve(
    options: { port: number; hostname: string; onListen: (address: { port: number }) => void },
    handler: (request: Request, info: unknown) => Promise<Response>,
  ): unknown;
};

const app = createConformanceApp();
Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => console.log(`LISTENING ${port}`) }, (request, info) =>
  app(request, info),
);

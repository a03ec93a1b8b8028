// `WEBHOOK_SECRET=… bun src/server.ts` (in this workspace: `pnpm --filter bun-receiver start`).
import { createFetch } from './app.js';
import { parseSecret } from './parse-secret.js';

// Bun's globals, typed for what this file uses (install `@types/bun` in your own project instead).
declare const Bun: {
  readonly env: Record<string, string | undefined>;
  serve(options: { port: number; fetch: (request: Request) => Promise<Response> }): { readonly port: number };
};

const server = Bun.serve({
  port: Number(Bun.env['PORT'] ?? 3000),
  fetch: createFetch({ secret: parseSecret(Bun.env['WEBHOOK_SECRET']), logger: console }),
});
console.log(`bun-receiver listening on http://localhost:${server.port}/webhook`);

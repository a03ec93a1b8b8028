// `WEBHOOK_SECRET=… deno run --allow-net --allow-env src/server.ts` with the published package (in
// this workspace: `pnpm --filter deno-receiver start`, which reads the TypeScript sources).
import { createHandler } from './app.js';
import { parseSecret } from './parse-secret.js';

// Deno's globals, typed for what this file uses (Deno itself knows them).
declare const Deno: {
  readonly env: { get(name: string): string | undefined };
  serve(
    options: { port: number; onListen: (address: { port: number }) => void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

const counts = new Map<string, number>();
const handler = createHandler({
  secret: parseSecret(Deno.env.get('WEBHOOK_SECRET')),
  // A metrics counter by outcome code: what onResult is for.
  onResult: ({ code, afterResponse }) => {
    if (!afterResponse) counts.set(code, (counts.get(code) ?? 0) + 1);
    console.log(`deliveries by code: ${JSON.stringify(Object.fromEntries(counts))}`);
  },
});
Deno.serve(
  {
    port: Number(Deno.env.get('PORT') ?? 3000),
    onListen: ({ port }) => console.log(`deno-receiver listening on http://localhost:${port}/webhook`),
  },
  handler,
);

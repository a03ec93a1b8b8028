// The Redis stores on Deno, on @upstash/redis as a Vercel function builds it: Redis.fromEnv() reads
// UPSTASH_REDIS_REST_URL and _TOKEN (run as deno-server.ts is, with --allow-env).
import { Redis } from '@upstash/redis';
import { upstashStoresApp } from './upstash-stores-app.js';

// Deno's global, typed here for what this file uses.
declare const Deno: {
  serve(
    options: { port: number; hostname: string; onListen: (address: { port: number }) => void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

const app = upstashStoresApp(Redis.fromEnv());
Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => console.log(`LISTENING ${port}`) }, app);

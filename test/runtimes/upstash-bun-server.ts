// The Redis stores on Bun, on @upstash/redis as a function builds it: Redis.fromEnv() reads
// UPSTASH_REDIS_REST_URL and _TOKEN (`bun --conditions=source test/runtimes/upstash-bun-server.ts`).
import { Redis } from '@upstash/redis';
import { upstashStoresApp } from './upstash-stores-app.js';

// Bun's global, typed here for what this file uses (the workspace does not load bun-types).
declare const Bun: {
  serve(options: { port: number; hostname: string; fetch: (request: Request) => Promise<Response> }): { port: number };
};

const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: upstashStoresApp(Redis.fromEnv()) });
console.log(`LISTENING ${server.port}`);

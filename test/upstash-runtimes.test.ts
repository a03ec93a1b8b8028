import { fileURLToPath } from 'node:url';
import { redisAppKeyStore, redisNotificationLimiter, redisStore, redisTokenStore } from '@social-webhooks/redis';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNERS, STORES_PATH, TARGET } from './runtimes/upstash-stores-app.js';
import { startChildServer } from './support/child-server.js';
import { bundleWorker, denoRunArgs, npmBinary, type RunningServer } from './support/runtimes.js';
import { useUpstash } from './support/upstash-client.js';

// The Redis stores where Mini Apps run besides Node: on Deno, on Bun and in a Worker (workerd through
// Miniflare), each on @upstash/redis built from its environment, over the REST stand-in in front of
// the redis-server that a node-redis store here reads: what the runtime wrote, Node sees.
const upstash = useUpstash();
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const runtimes: { name: string; start(env: Record<string, string>): Promise<RunningServer> }[] = [
  {
    name: 'Deno',
    async start(env) {
      // @upstash/redis reads more of the environment (its telemetry's variables), so every variable.
      const args = denoRunArgs(here('./runtimes/upstash-deno-server.ts'));
      const server = await startChildServer(npmBinary('deno'), args, { cwd: here('..'), env });
      return { baseUrl: `http://127.0.0.1:${server.port}`, stop: server.stop };
    },
  },
  {
    name: 'Bun',
    async start(env) {
      const args = ['--conditions=source', here('./runtimes/upstash-bun-server.ts')];
      const server = await startChildServer(npmBinary('bun'), args, { cwd: here('..'), env });
      return { baseUrl: `http://127.0.0.1:${server.port}`, stop: server.stop };
    },
  },
  {
    name: 'workerd (Miniflare)',
    async start(bindings) {
      const script = await bundleWorker(here('./runtimes/upstash-worker.ts'));
      const miniflare = new Miniflare({ modules: true, script, compatibilityDate: '2025-01-01', bindings });
      const url = await miniflare.ready;
      return { baseUrl: url.origin, stop: () => miniflare.dispose() };
    },
  },
];

describe.each(runtimes)('the Redis stores on $name through @upstash/redis', (runtime) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await runtime.start({ UPSTASH_REDIS_REST_URL: upstash.rest.url, UPSTASH_REDIS_REST_TOKEN: upstash.rest.token });
  });
  afterAll(() => server?.stop());

  it('claim, keep tokens, look up keys and limit notifications, on the keys a node-redis store reads', async () => {
    const prefix = `runtime-${runtime.name}:`;
    const answer = await fetch(server.baseUrl + STORES_PATH, { method: 'POST', body: JSON.stringify({ prefix }) });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      claims: ['claimed', 'in_flight'],
      read: [TARGET],
      start: 'fetch',
      kept: { state: 'kept', list: SIGNERS },
      limits: ['allowed', 'limited'],
    });
    const client = upstash.client;
    expect(await redisStore({ client, prefix: `${prefix}dedupe:` }).claim('d1', 'z', 1_000)).toBe('completed');
    expect(await redisTokenStore({ client, prefix: `${prefix}tokens:` }).get(TARGET.fid)).toEqual([TARGET]);
    expect(await redisAppKeyStore({ client, prefix: `${prefix}keys:` }).getSigners(TARGET.fid)).toEqual(SIGNERS);
    expect(await redisNotificationLimiter({ client, prefix: `${prefix}notify:` }).claim('n3', [TARGET])).toMatchObject([
      { outcome: 'limited' },
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { createBroadcasts } from '@social-webhooks/core';
import { redisBroadcastRecords, redisNotificationHistory, redisNotificationLimiter, redisTokenStore } from '@social-webhooks/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOf } from './support/broadcast-helpers.js';
import { cli, cliCancelRecordsSuite, type CancelRecordsBackend } from './support/cli-cancel-records.js';
import { useRedisClient } from './support/redis-client.js';
import { startUpstashRest, type UpstashRest } from './support/upstash-rest.js';

// `social-webhooks cancel ID --records` on broadcasts of createBroadcasts kept in a real redis-server:
// the command over TCP (--redis redis://…), and over Upstash's REST API through the stand-in in front
// of the same server, named by the variables Vercel sets; the app in this process on node-redis.
describe('cancel --records on Redis', () => {
  const redis = useRedisClient();
  let rest: UpstashRest | undefined;
  beforeAll(async () => {
    rest = await startUpstashRest(redis.server.url);
  });
  afterAll(() => rest?.close());

  const backend = (label: string, cliOf: (prefix: string) => ReturnType<CancelRecordsBackend['cli']>): CancelRecordsBackend => ({
    stores: async (tag) => ({
      store: redisTokenStore({ client: redis.client, prefix: `${label}-${tag}:tokens:` }),
      limiter: redisNotificationLimiter({ client: redis.client, prefix: `${label}-${tag}:notify:` }),
      records: redisBroadcastRecords({ client: redis.client, prefix: `${label}-${tag}:broadcasts:` }),
      // At its default prefix, where the command writes it.
      history: redisNotificationHistory({ client: redis.client }),
    }),
    cli: (tag) => cliOf(`${label}-${tag}:broadcasts:`),
  });
  cliCancelRecordsSuite(
    'redis-tcp',
    backend('tcp', (prefix) => ({ args: ['--records', '--redis', redis.server.url, '--prefix', prefix], env: {} })),
  );
  cliCancelRecordsSuite(
    'upstash-rest',
    backend('rest', (prefix) => ({
      args: ['--records', '--prefix', prefix],
      env: { KV_REST_API_URL: rest!.url, KV_REST_API_TOKEN: rest!.token },
    })),
  );

  it("the CLI README's command, run as written: a broadcast scheduled for later is cancelled before any run", async () => {
    const text = readFileSync(new URL('../packages/cli/README.md', import.meta.url), 'utf8').replace(/ \\\n\s*/g, ' ');
    const lines = text.split('\n').filter((line) => /^social-webhooks cancel \S+ --records /.test(line));
    expect(lines).toHaveLength(1);
    const args = [...lines[0]!.replace(/\s+#.*$/, '').matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)]
      .map(([, single, double, bare]) => single ?? double ?? bare!)
      .slice(1)
      .map((arg) => (arg === 'redis://127.0.0.1:6379' ? redis.server.url : arg));
    // The app's records at their default prefix, as the README's command reads them.
    const broadcasts = createBroadcasts({
      store: redisTokenStore({ client: redis.client, prefix: 'readme:tokens:' }),
      limiter: redisNotificationLimiter({ client: redis.client, prefix: 'readme:notify:' }),
      records: redisBroadcastRecords({ client: redis.client }),
      logger: false,
    });
    const { id } = await broadcasts.start(notificationOf(args[1]!), { to: 'all', at: Date.now() + 3_600_000 });
    expect(id).toBe(args[1]);
    const cancelled = await cli(args);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toBe(
      `${id}: not-started, cancelled before any run() worked on it: nothing was sent (Redis ${redis.server.url}).\n`,
    );
    expect(await broadcasts.get(id)).toMatchObject({ done: true, runs: 0, cancelledAt: expect.any(Number) });
  });

  it('refuses --queue with --records, a flag of --records without it, two stores, none, and bad URLs or token (exit 2)', async () => {
    const url = redis.server.url;
    const refusals: [string[], Record<string, string>, RegExp][] = [
      [['--records', '--queue', 'notifications', '--redis', url], {}, /--queue names a BullMQ queue and --records the records/],
      [['--postgres', 'postgres://app@127.0.0.1:5432/app'], {}, /--postgres goes with --records/],
      [['--prefix', 'p:', '--redis', url], {}, /--prefix goes with --records/],
      [['--no-history'], {}, /--no-history goes with --records/],
      [['--records', '--redis', url, '--postgres', 'postgres://app@127.0.0.1:5432/app'], {}, /--postgres URL or --redis URL, not both/],
      [['--records'], {}, /missing --redis, or set KV_REST_API_URL/],
      [
        ['--records', '--redis', 'ftp://127.0.0.1:6379'],
        {},
        /--redis expects a redis:\/\/ or rediss:\/\/ URL \(TCP\), or Upstash's REST URL/,
      ],
      [['--records', '--redis', 'https://example.upstash.io'], {}, /pass its REST token with --token/],
      [['--records', '--redis', url, '--token', 't'], {}, /--token is the REST token of an Upstash REST URL/],
      [['--records', '--redis', rest!.url, '--token', 'wrong'], {}, /refused the token/],
      [['--records', '--postgres', 'mysql://127.0.0.1/app'], {}, /--postgres expects a postgres:\/\/ or postgresql:\/\/ URL/],
      [['--records', '--redis', url, '--prefix', ''], {}, /--prefix needs a value/],
    ];
    for (const [flags, env, pattern] of refusals) {
      const run = await cli(['cancel', 'some-id', ...flags], env);
      expect(run.code, flags.join(' ')).toBe(2);
      expect(run.stderr, flags.join(' ')).toMatch(pattern);
    }
  });

  it('a Redis that never answers: exit 4 within --timeout', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as { port: number };
      const run = await cli(['cancel', 'some-id', '--records', '--redis', `redis://127.0.0.1:${port}`, '--timeout', '300']);
      expect(run.code).toBe(4);
      expect(run.stderr).toMatch(/Redis redis:\/\/127\.0\.0\.1:\d+.*: no answer within 300 ms/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

import { Redis as Upstash } from '@upstash/redis';
import { Redis as IORedis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryOpenStore, WebhookError, type OpenStore } from '@social-webhooks/core';
import { redisOpenStore, type RedisEvalClient, type RedisStoreClient } from '@social-webhooks/redis';
import { useRedisClient } from './support/redis-client.js';
import { startUpstashRest, type UpstashRest } from './support/upstash-rest.js';

// One suite for every open store: memory, and Redis through each client form (node-redis, ioredis
// through its documented wrapper, @upstash/redis over REST against a real redis-server). Two Redis
// stores on one server stand for two instances, and share only what Redis holds.
const redis = useRedisClient();
let rest: UpstashRest;
let io: IORedis;
beforeAll(async () => {
  rest = await startUpstashRest(redis.server.url);
  io = new IORedis(redis.server.url);
});
afterAll(async () => {
  await io?.quit();
  await rest?.close();
});

let prefixes = 0;
const forms: { name: string; make(retentionMs?: number): () => OpenStore }[] = [
  {
    name: 'memoryOpenStore',
    make: (retentionMs) => {
      const store = memoryOpenStore(retentionMs === undefined ? {} : { retentionMs });
      return () => store;
    },
  },
  ...(
    [
      ['redisOpenStore on node-redis', () => redis.client],
      [
        'redisOpenStore on ioredis (the wrapper)',
        (): RedisEvalClient => ({ eval: (script, { keys, arguments: args }) => io.eval(script, keys.length, ...keys, ...args) }),
      ],
      [
        'redisOpenStore on @upstash/redis (REST)',
        () => new Upstash({ url: rest.url, token: rest.token, retry: false, enableTelemetry: false }),
      ],
    ] as [string, () => RedisStoreClient][]
  ).map(([name, client]) => ({
    name,
    make: (retentionMs?: number) => {
      const prefix = `opens-${prefixes++}:`;
      return () => redisOpenStore({ client: client(), prefix, ...(retentionMs === undefined ? {} : { retentionMs }) });
    },
  })),
];

describe.each(forms)('$name', ({ make }) => {
  it('counts every open, the distinct FIDs, and both per client; zeros for a notification nobody opened', async () => {
    const store = make()();
    const at = Date.now();
    const uniques = [];
    for (const [fid, clientFid] of [
      [3, 9152],
      [3, 9152],
      [4, 9152],
      [4, 1],
      [5, undefined],
    ] as const) {
      uniques.push((await store.record({ notificationId: 'digest-1', fid, clientFid, at })).unique);
    }
    await store.record({ notificationId: 'digest-2', fid: 3, at });
    expect(uniques).toEqual([true, false, true, false, true]);
    expect(await store.counts('digest-1')).toEqual({
      opens: 5,
      uniqueOpens: 3,
      byClient: { '9152': { opens: 3, uniqueOpens: 2 }, '1': { opens: 1, uniqueOpens: 1 } },
    });
    expect(await store.counts('digest-2')).toEqual({ opens: 1, uniqueOpens: 1, byClient: {} });
    expect(await store.counts('never-sent')).toEqual({ opens: 0, uniqueOpens: 0, byClient: {} });
  });

  it('counts one unique open when one user is recorded by many instances at once', async () => {
    const instance = make();
    const stores = [instance(), instance()];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        stores[index % 2]!.record({ notificationId: 'race', fid: 7, clientFid: 9152, at: Date.now() }),
      ),
    );
    expect(answers.filter(({ unique }) => unique)).toHaveLength(1);
    expect(await stores[1]!.counts('race')).toEqual({ opens: 20, uniqueOpens: 1, byClient: { '9152': { opens: 20, uniqueOpens: 1 } } });
  });

  it('forgets a notification retentionMs after its last open', async () => {
    const store = make(300)();
    await store.record({ notificationId: 'brief', fid: 3, at: Date.now() });
    expect((await store.counts('brief')).opens).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await store.counts('brief')).toEqual({ opens: 0, uniqueOpens: 0, byClient: {} });
    expect((await store.record({ notificationId: 'brief', fid: 3, at: Date.now() })).unique).toBe(true);
  });

  it('refuses an open without a FID, with invalid_options, and stores nothing', async () => {
    const store = make()();
    await expect(store.record({ notificationId: 'bad', fid: 0, at: Date.now() })).rejects.toThrow(WebhookError);
    await expect(store.record({ notificationId: 'bad', fid: 3, clientFid: 1.5, at: Date.now() })).rejects.toThrow('`clientFid`');
    expect((await store.counts('bad')).opens).toBe(0);
  });
});

describe('redisOpenStore', () => {
  it('records an open in one round trip, and reads the counts in one, with keys of one hash slot', async () => {
    const calls: string[][] = [];
    const counting: RedisEvalClient = {
      eval: (script, options) => (calls.push(options.keys), redis.client.eval(script, options)),
    };
    const store = redisOpenStore({ client: counting, prefix: 'counted:' });
    await store.record({ notificationId: 'n-1', fid: 3, clientFid: 9152, at: Date.now() });
    expect(calls).toEqual([['counted:{n-1}:counts', 'counted:{n-1}:fids']]);
    await store.counts('n-1');
    expect(calls).toHaveLength(2);
    expect(await redis.client.pTTL('counted:{n-1}:fids')).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it.each([
    [{}, '`client` must be a Redis client'],
    [{ client: new IORedis({ lazyConnect: true }) }, 'io.eval(script, keys.length'],
    [{ client: { eval: () => Promise.resolve(1) }, prefix: '' }, '`prefix` must be a non-empty string'],
    [{ client: { eval: () => Promise.resolve(1) }, retentionMs: 0 }, '`retentionMs` must be a positive whole number'],
  ])('refuses options %# with invalid_options that says the fix', (options, says) => {
    const call = () => redisOpenStore(options as never);
    expect(call).toThrow(WebhookError);
    expect(call).toThrow(says);
    expect(call).toThrow(/^@social-webhooks\/redis: redisOpenStore\(\): /);
  });
});

import { redisAppKeyStore, redisNotificationLimiter, redisStore, redisTokenStore, type RedisEvalClient } from '@social-webhooks/redis';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from './support/redis-server.js';

// The one-method wrapper for other clients, as docs/reliability.md gives it for ioredis, word for
// word: every store of @social-webhooks/redis on it, against a real redis-server.
const wrap = (io: Redis): RedisEvalClient => ({
  eval: (script, { keys, arguments: args }) => io.eval(script, keys.length, ...keys, ...args),
});

describe('the stores on ioredis, through the documented wrapper', () => {
  let server: RedisServer;
  let io: Redis;
  let client: RedisEvalClient;
  beforeAll(async () => {
    server = await startRedis();
    io = new Redis(server.url);
    client = wrap(io);
  });
  afterAll(async () => {
    await io?.quit();
    await server?.stop();
  });

  it('redisStore: one claim of many wins, then completed; a release by another token keeps the claim', async () => {
    const store = redisStore({ client, prefix: 'dedupe:' });
    const states = await Promise.all(Array.from({ length: 20 }, (_, index) => store.claim('k', `token-${index}`, 10_000)));
    expect(states.filter((state) => state === 'claimed')).toHaveLength(1);
    expect(await io.get('dedupe:k')).toMatch(/^token-/);
    await store.release('held', 'nobody');
    expect(await store.claim('held', 'a', 10_000)).toBe('claimed');
    await store.release('held', 'b');
    expect(await store.claim('held', 'c', 10_000)).toBe('in_flight');
    await store.complete('held', 'a', 60_000);
    expect(await store.claim('held', 'd', 10_000)).toBe('completed');
  });

  it('redisTokenStore: saves, reads, lists every target in pages, deletes a token by compare', async () => {
    const store = redisTokenStore({ client, prefix: 'tokens:' });
    for (let fid = 1; fid <= 250; fid++) await store.save({ fid, appFid: 9152, url: 'https://client.example/notify', token: `t${fid}` });
    expect(await store.get(7)).toEqual([
      { fid: 7, appFid: 9152, url: 'https://client.example/notify', token: 't7', enabledAt: expect.any(Number) },
    ]);
    const listed: number[] = [];
    for await (const target of store.list()) listed.push(target.fid);
    expect(listed.sort((a, b) => a - b)).toEqual(Array.from({ length: 250 }, (_, index) => index + 1));
    expect(await store.deleteToken?.({ fid: 7, appFid: 9152, token: 'not-t7' })).toBe(false);
    expect(await store.deleteToken?.({ fid: 7, appFid: 9152, token: 't7' })).toBe(true);
    expect(await store.get(7)).toEqual([]);
  });

  it('redisNotificationLimiter: of two notifications to one token at once, exactly one is allowed', async () => {
    const limiter = redisNotificationLimiter({ client, prefix: 'limits:' });
    const target = { fid: 1, appFid: 9152, token: 'tok' };
    const outcomes = await Promise.all([limiter.claim('n1', [target]), limiter.claim('n2', [target])]);
    expect(outcomes.map(([first]) => first?.outcome).sort()).toEqual(['allowed', 'limited']);
  });

  it("redisAppKeyStore: shares a FID's keys and spends one lookup budget", async () => {
    const store = redisAppKeyStore({ client, prefix: 'app-keys:' });
    const list = { fetchedAt: 42, keys: { [`0x${'ab'.repeat(32)}`]: 9152 } };
    await store.setSigners(3, list, 60_000);
    expect(await store.getSigners(3)).toEqual(list);
    const budget = { perSecond: 1, concurrent: 5, leaseMs: 1_000 };
    expect((await store.acquireLookup(budget)).ok).toBe(true);
    expect(await store.acquireLookup(budget)).toMatchObject({ ok: false });
  });
});

import { applyMiniAppEvent, neynarSender, webhookHandler, type NotificationTarget } from '@social-webhooks/core';
import { buildNeynarDeliveryRequest } from '@social-webhooks/core/testing';
import {
  redisAppKeyStore,
  redisNotificationLimiter,
  redisStore,
  redisTokenStore,
  type RedisEvalClient,
  type RedisStoreClient,
} from '@social-webhooks/redis';
import type { Redis } from '@upstash/redis';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { DESERIALIZATIONS, useUpstash } from './support/upstash-client.js';
import { enabledAtSuite } from './support/token-enabled-suite.js';

// Every store of @social-webhooks/redis given an @upstash/redis client as a function on Vercel builds
// it (Redis.fromEnv(), whatever its automaticDeserialization), over the REST stand-in in front of a
// real redis-server (support/upstash-rest.ts).
const upstash = useUpstash();
let prefixes = 0;
const fresh = () => `upstash-${++prefixes}:`;
const DETAILS = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'token-1' };
/** When each target was enabled: Redis's clock, which these tests do not pin (token-enabled-suite.ts does). */
const at = { enabledAt: expect.any(Number) as number };
const budget = { perSecond: 100, concurrent: 5, leaseMs: 1_000 };
const list = (fetchedAt: number) => ({ fetchedAt, keys: { [`0x${'ab'.repeat(32)}`]: 9152, '123': 'unreadable' } });

describe.each(DESERIALIZATIONS)('the stores through $name', ({ name, options }) => {
  const client = () => upstash.fromEnv(options);

  enabledAtSuite(`redisTokenStore through ${name}`, () => {
    const prefix = fresh();
    // What a store before enabledAt wrote, { url, token } by appFid, put straight into the redis-server behind the REST stand-in.
    const writeOld = async ({ fid, appFid, url, token }: { fid: number; appFid: number; url: string; token: string }) => {
      await upstash.client.hSet(`${prefix}${fid}`, String(appFid), JSON.stringify({ url, token }));
    };
    return { store: redisTokenStore({ client: client(), prefix }), writeOld };
  });

  it('redisStore: claims a delivery once, remembers it completed, and frees a released claim', async () => {
    const store = redisStore({ client: client(), prefix: fresh() });
    expect(await store.claim('d1', 'a', 1_000)).toBe('claimed');
    expect(await store.claim('d1', 'b', 1_000)).toBe('in_flight');
    await store.complete('d1', 'a', 10_000);
    expect(await store.claim('d1', 'c', 1_000)).toBe('completed');
    expect(await store.claim('d2', 'a', 1_000)).toBe('claimed');
    await store.release('d2', 'a');
    expect(await store.claim('d2', 'b', 1_000)).toBe('claimed');
  });

  it('redisTokenStore: saves, reads, lists in pages, and deletes tokens, JSON-looking values included', async () => {
    const store = redisTokenStore({ client: client(), prefix: fresh() });
    // Values a JSON-parsing client would turn into numbers, booleans or null, kept as strings.
    await store.save({ fid: 3, appFid: 9152, url: DETAILS.url, token: '12345' });
    await store.save({ fid: 3, appFid: 309857, url: 'https://client.example/n', token: 'null' });
    await applyMiniAppEvent(store, {
      eventName: 'notifications_enabled',
      data: { fid: 4, appFid: 9152, appKey: `0x${'ab'.repeat(32)}`, notificationDetails: { ...DETAILS, token: 'true' } },
    });
    expect([...(await store.get(3))].sort((a, b) => a.appFid - b.appFid)).toEqual([
      { fid: 3, appFid: 9152, url: DETAILS.url, token: '12345', ...at },
      { fid: 3, appFid: 309857, url: 'https://client.example/n', token: 'null', ...at },
    ]);
    expect(await store.get(4)).toEqual([{ fid: 4, appFid: 9152, ...DETAILS, token: 'true', ...at }]);
    expect(await store.get(5)).toEqual([]);
    await Promise.all(Array.from({ length: 450 }, (_, index) => store.save({ fid: 100 + index, appFid: 1, ...DETAILS })));
    const listed: NotificationTarget[] = [];
    for await (const target of store.list()) listed.push(target);
    expect(listed).toHaveLength(453);
    expect(new Set(listed.map((target) => `${target.fid}:${target.appFid}`)).size).toBe(453);
    expect(await store.deleteToken!({ fid: 3, appFid: 9152, token: 'other' })).toBe(false);
    expect(await store.deleteToken!({ fid: 3, appFid: 9152, token: '12345' })).toBe(true);
    await store.delete({ fid: 3 });
    expect(await store.get(3)).toEqual([]);
  });

  it('redisAppKeyStore: keeps lists, spends the budget, pauses, and claims fetches, one round trip each', async () => {
    const prefix = fresh();
    const store = redisAppKeyStore({ client: client(), prefix });
    const other = redisAppKeyStore({ client: client(), prefix });
    await store.setSigners(3, list(42), 10_000);
    const before = upstash.rest.requests;
    expect(await other.getSigners(3)).toEqual(list(42));
    expect(upstash.rest.requests - before).toBe(1);
    expect(await other.getSigners(4)).toBeUndefined();
    expect(await other.startLookup!(3, budget)).toEqual({ state: 'kept', list: list(42) });

    const start = await store.startLookup!(5, budget);
    expect(start.state).toBe('fetch');
    expect(await other.startLookup!(5, budget)).toEqual({ state: 'busy' });
    if (start.state !== 'fetch') throw new Error('unreachable');
    await start.finish(list(43), 10_000);
    expect(await other.startLookup!(5, budget)).toEqual({ state: 'kept', list: list(43) });

    await store.pauseLookups(300);
    expect(await other.startLookup!(6, budget)).toMatchObject({ state: 'refused', reason: 'paused' });
    expect(await other.acquireLookup(budget)).toMatchObject({ ok: false, reason: 'paused' });
    // A refused start holds no claim: once the pause is over, the FID can be fetched.
    await new Promise((resolve) => setTimeout(resolve, 320));
    expect(await other.claimFetch(6, 1_000)).toBe(true);
    expect(await store.claimFetch(6, 1_000)).toBe(false);
    await other.releaseFetch(6);
    const grant = await store.acquireLookup(budget);
    expect(grant.ok).toBe(true);
  });

  it('redisNotificationLimiter: lets one of two notifications at once through per token, and remembers a delivery', async () => {
    const prefix = fresh();
    const one = redisNotificationLimiter({ client: client(), prefix });
    const two = redisNotificationLimiter({ client: client(), prefix });
    const targets = Array.from({ length: 100 }, (_, index) => ({ fid: index + 1, appFid: 9152, token: `t${index}` }));
    const [a, b] = await Promise.all([one.claim('n1', targets), two.claim('n2', targets)]);
    for (let index = 0; index < targets.length; index++) {
      expect([a[index]!.outcome, b[index]!.outcome].sort()).toEqual(['allowed', 'limited']);
    }
    await one.confirm('n1', targets.slice(0, 1));
    expect(await two.claim('n1', targets.slice(0, 1))).toEqual([{ outcome: 'sent' }]);
  });
});

describe('the @upstash/redis client given to a store', () => {
  it("is read from Vercel's KV_REST_API_URL and KV_REST_API_TOKEN too", async () => {
    const store = redisTokenStore({ client: upstash.fromEnv({}, 'KV_REST_API'), prefix: fresh() });
    await store.save({ fid: 1, appFid: 2, ...DETAILS });
    expect(await store.get(1)).toEqual([{ fid: 1, appFid: 2, ...DETAILS, ...at }]);
  });

  it('fits the client option in TypeScript, as a Redis instance and not only through a wrapper', () => {
    expectTypeOf<Redis>().toMatchTypeOf<RedisStoreClient>();
    expectTypeOf(redisStore).parameter(0).toHaveProperty('client').toEqualTypeOf<RedisStoreClient>();
  });

  it("the three-line adapter of a parsing client hits the app-key cache: a delivery's lookup is one request", async () => {
    // What the issue's developer wrote: with Redis.fromEnv()'s default parsing, the list came back an
    // object and was never a cache hit (8 requests and a hub call per delivery, no log).
    const redis = upstash.fromEnv();
    const adapter: RedisEvalClient = { eval: (script, { keys, arguments: args }) => redis.eval(script, keys, args) };
    const prefix = fresh();
    await redisAppKeyStore({ client: adapter, prefix }).setSigners(7, list(1), 10_000);
    const before = upstash.rest.requests;
    expect(await redisAppKeyStore({ client: adapter, prefix }).startLookup!(7, budget)).toEqual({ state: 'kept', list: list(1) });
    expect(upstash.rest.requests - before).toBe(1);
  });

  it('a client that changes replies is named at its first call, with the fix, not read as a cache miss', async () => {
    const redis = upstash.fromEnv();
    // A wrapper that hands back the reply JSON-encoded (a logging wrapper's mistake).
    const changing: RedisEvalClient = {
      eval: async (script, { keys, arguments: args }) => JSON.stringify(await redis.eval(script, keys, args)),
    };
    const prefix = fresh();
    await redisAppKeyStore({ client: upstash.client, prefix }).setSigners(8, list(1), 10_000);
    const fix = /the client changed the reply\. Pass createClient\(\) from `redis`, Redis\.fromEnv\(\) from `@upstash\/redis` itself/;
    await expect(redisAppKeyStore({ client: changing, prefix }).getSigners(8)).rejects.toThrow(fix);
    await expect(redisAppKeyStore({ client: changing, prefix }).startLookup!(8, budget)).rejects.toThrow(fix);
    await expect(redisTokenStore({ client: changing, prefix }).get(8)).rejects.toThrow(fix);
    await expect(redisNotificationLimiter({ client: changing, prefix }).claim('n', [{ fid: 1, appFid: 2, token: 't' }])).rejects.toThrow(
      fix,
    );
  });

  it("makes a delivery's answer 503 with the fix in the log, not a message about keys or NaN", async () => {
    // A hand-written REST client that hands back Upstash's whole answer, { result }, not the result.
    const whole: RedisEvalClient = {
      eval: async (script, { keys, arguments: args }) =>
        (
          await fetch(upstash.rest.url, {
            method: 'POST',
            headers: { authorization: `Bearer ${upstash.rest.token}` },
            body: JSON.stringify(['EVAL', script, keys.length, ...keys, ...args]),
          })
        ).json(),
    };
    const errors: unknown[] = [];
    const handle = webhookHandler({
      sender: neynarSender({ secrets: 'upstash-secret' }),
      on: { 'cast.created': () => undefined },
      dedupe: { store: redisStore({ client: whole, prefix: fresh() }) },
      logger: { error: (_message: string, fields?: { error?: unknown }) => void errors.push(fields?.error) },
    });
    const answer = await handle(await buildNeynarDeliveryRequest({ secret: 'upstash-secret', type: 'cast.created' }));
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ error: 'dedupe_unavailable' });
    expect(String(errors[0])).toMatch(
      /the claim script answered \{"result":1\}, which Redis does not answer: the client changed the reply\. Pass createClient\(\)/,
    );
  });

  it('is refused at the factory when it has no eval, with both clients named', () => {
    expect(() => redisStore({ client: {} as never })).toThrow(
      /`client` must be a Redis client with an eval method: createClient\(\) from `redis`, or Redis\.fromEnv\(\) from `@upstash\/redis`/,
    );
  });
});

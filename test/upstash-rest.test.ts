import { Redis } from '@upstash/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRedisClient } from './support/redis-client.js';
import { startUpstashRest, type UpstashRest } from './support/upstash-rest.js';

// The stand-in of Upstash's REST API (support/upstash-rest.ts) checked with @upstash/redis itself,
// in both its response encodings, so the Upstash store tests run against what the client really
// sends and expects.
describe('the Upstash REST stand-in, through @upstash/redis', () => {
  const redis = useRedisClient();
  let rest: UpstashRest;
  beforeAll(async () => {
    rest = await startUpstashRest(redis.server.url);
  });
  afterAll(() => rest?.close());

  const client = (options: { responseEncoding?: false; automaticDeserialization?: false; token?: string } = {}) =>
    new Redis({ url: rest.url, token: options.token ?? rest.token, retry: false, enableTelemetry: false, ...options });

  it.each([
    ['base64 responses (the default)', {}],
    ['plain responses', { responseEncoding: false as const }],
  ])('sets, gets, evals and pipelines with %s, on the Redis that node-redis sees', async (_name, options) => {
    const upstash = client({ ...options, automaticDeserialization: false });
    expect(await upstash.set('rest:greeting', 'héllo wörld, ok')).toBe('OK');
    expect(await upstash.get('rest:greeting')).toBe('héllo wörld, ok');
    expect(await redis.client.get('rest:greeting')).toBe('héllo wörld, ok');
    await redis.client.hSet('rest:hash', { a: '1', b: 'two' });
    expect(await upstash.eval(`return { redis.call('HGET', KEYS[1], ARGV[1]), 42, { 'nested', 'OK' } }`, ['rest:hash'], ['b'])).toEqual([
      'two',
      42,
      ['nested', 'OK'],
    ]);
    expect(await upstash.eval(`return redis.call('GET', KEYS[1])`, ['rest:missing'], [])).toBeNull();
    const pipeline = upstash.pipeline();
    pipeline.incr('rest:counter');
    pipeline.incr('rest:counter');
    pipeline.get('rest:greeting');
    expect(await pipeline.exec()).toEqual([expect.any(Number), expect.any(Number), 'héllo wörld, ok']);
    const multi = upstash.multi();
    multi.set('rest:a', 'x');
    multi.get('rest:a');
    expect(await multi.exec()).toEqual(['OK', 'x']);
  });

  it('counts each request, and a burst of concurrent commands of the auto-pipelining client as one', async () => {
    const upstash = client();
    const before = rest.requests;
    await upstash.set('rest:one', '1');
    expect(rest.requests - before).toBe(1);
    await Promise.all([upstash.get('rest:one'), upstash.get('rest:one'), upstash.eval(`return 1`, [], [])]);
    expect(rest.requests - before).toBe(3);
    expect(rest.log.at(-1)).toEqual([['eval', 'return 1', '0']]);
  });

  it("answers Redis's error as 400 { error }, which the client throws, and a pipeline's per command", async () => {
    const upstash = client({ automaticDeserialization: false });
    await redis.client.set('rest:string', 'x');
    const direct = await fetch(rest.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${rest.token}` },
      body: JSON.stringify(['HGET', 'rest:string', 'f']),
    });
    expect(direct.status).toBe(400);
    expect(await direct.json()).toEqual({ error: expect.stringMatching(/^WRONGTYPE/) });
    await expect(upstash.hget('rest:string', 'f')).rejects.toThrow(/WRONGTYPE/);
    const pipeline = upstash.pipeline();
    pipeline.get('rest:string');
    pipeline.hget('rest:string', 'f');
    expect(await pipeline.exec({ keepErrors: true })).toEqual([
      { result: 'x', error: undefined },
      { result: undefined, error: expect.stringMatching(/^WRONGTYPE/) },
    ]);
  });

  it('refuses a request without the right bearer token with 401', async () => {
    await expect(client({ token: 'wrong' }).get('rest:greeting')).rejects.toThrow(/Unauthorized/);
    const bare = await fetch(`${rest.url}/pipeline`, { method: 'POST', body: JSON.stringify([['PING']]) });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ error: 'Unauthorized' });
  });
});

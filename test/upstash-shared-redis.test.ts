import { redisAppKeyStore, redisNotificationLimiter, redisStore, redisTokenStore } from '@social-webhooks/redis';
import { describe, expect, it } from 'vitest';
import { DESERIALIZATIONS, useUpstash } from './support/upstash-client.js';

// One database for a Node worker over TCP (node-redis) and a function over HTTP (@upstash/redis
// through Upstash's REST API): the stores keep the same keys either way, so each sees what the other
// wrote. The REST stand-in sits in front of the same redis-server the node-redis client talks to.
const upstash = useUpstash();
let prefixes = 0;
const fresh = () => `shared-${++prefixes}:`;
const DETAILS = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'token-1' };

describe.each(DESERIALIZATIONS)('a node-redis store and one through $name on one Redis', ({ options }) => {
  const tcp = () => upstash.client;
  const http = () => upstash.fromEnv(options);

  it('see each other’s dedupe claims: a claim made by one is in flight, then completed, for the other', async () => {
    const prefix = fresh();
    const [node, edge] = [redisStore({ client: tcp(), prefix }), redisStore({ client: http(), prefix })];
    expect(await node.claim('d1', 'a', 1_000)).toBe('claimed');
    expect(await edge.claim('d1', 'b', 1_000)).toBe('in_flight');
    await node.complete('d1', 'a', 10_000);
    expect(await edge.claim('d1', 'b', 1_000)).toBe('completed');
    expect(await edge.claim('d2', 'b', 1_000)).toBe('claimed');
    expect(await node.claim('d2', 'a', 1_000)).toBe('in_flight');
    // Of two claiming at once, exactly one runs the handler.
    const states = await Promise.all([node.claim('d3', 'a', 1_000), edge.claim('d3', 'b', 1_000)]);
    expect(states.sort()).toEqual(['claimed', 'in_flight']);
  });

  it('read each other’s tokens, and a token replaced by one is not deleted by the other’s stale answer', async () => {
    const prefix = fresh();
    const [node, edge] = [redisTokenStore({ client: tcp(), prefix }), redisTokenStore({ client: http(), prefix })];
    await node.save({ fid: 3, appFid: 9152, ...DETAILS });
    expect(await edge.get(3)).toEqual([{ fid: 3, appFid: 9152, ...DETAILS, enabledAt: expect.any(Number) }]);
    await edge.save({ fid: 3, appFid: 9152, ...DETAILS, token: 'replaced' });
    await edge.save({ fid: 4, appFid: 1, ...DETAILS });
    expect(await node.get(3)).toEqual([{ fid: 3, appFid: 9152, ...DETAILS, token: 'replaced', enabledAt: expect.any(Number) }]);
    expect(await node.deleteToken!({ fid: 3, appFid: 9152, token: 'token-1' })).toBe(false);
    expect(await edge.get(3)).toEqual([{ fid: 3, appFid: 9152, ...DETAILS, token: 'replaced', enabledAt: expect.any(Number) }]);
    const listed = [];
    for await (const target of node.list()) listed.push(target);
    expect(listed.map((target) => target.fid).sort()).toEqual([3, 4]);
  });

  it('share one notification limit: two notifiers racing for 100 tokens allow each once', async () => {
    const prefix = fresh();
    const [node, edge] = [redisNotificationLimiter({ client: tcp(), prefix }), redisNotificationLimiter({ client: http(), prefix })];
    const targets = Array.from({ length: 100 }, (_, index) => ({ fid: index + 1, appFid: 9152, token: `t${index}` }));
    const [a, b] = await Promise.all([node.claim('n1', targets), edge.claim('n2', targets)]);
    for (let index = 0; index < targets.length; index++) {
      expect([a[index]!.outcome, b[index]!.outcome].sort()).toEqual(['allowed', 'limited']);
    }
    await edge.confirm('n2', targets);
    expect((await node.claim('n2', targets)).every((claim) => claim.outcome === 'sent')).toBe(true);
  });

  it('share the app-key lists, fetch claims and lookup budget', async () => {
    const prefix = fresh();
    const [node, edge] = [redisAppKeyStore({ client: tcp(), prefix }), redisAppKeyStore({ client: http(), prefix })];
    const list = { fetchedAt: 1, keys: { [`0x${'ab'.repeat(32)}`]: 9152 } };
    await node.setSigners(3, list, 10_000);
    expect(await edge.getSigners(3)).toEqual(list);
    const start = await edge.startLookup!(4, { perSecond: 1, concurrent: 5, leaseMs: 1_000 });
    expect(start.state).toBe('fetch');
    expect(await node.claimFetch(4, 1_000)).toBe(false);
    // The edge's call took the one token of a 1-a-second budget: the worker's next is refused.
    expect(await node.acquireLookup({ perSecond: 1, concurrent: 5, leaseMs: 1_000 })).toMatchObject({ ok: false, reason: 'rate' });
    if (start.state === 'fetch') await start.finish({ ...list, fetchedAt: 2 }, 10_000);
    expect(await node.getSigners(4)).toEqual({ ...list, fetchedAt: 2 });
    expect(await node.claimFetch(4, 1_000)).toBe(true);
  });
});

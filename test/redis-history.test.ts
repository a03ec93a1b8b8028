import { createNotifier, memoryTokenStore, type NotificationHistory } from '@social-webhooks/core';
import { redisNotificationHistory, type RedisEvalClient, type RedisStoreClient } from '@social-webhooks/redis';
import { Redis as IORedis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliveredTo, digest, expectHistoryOf, goodUsers, historyClients, revokedUsers, WARPCAST_FID } from './support/history-scenario.js';
import type { StandInClient } from './support/notification-client.js';
import { DESERIALIZATIONS, useUpstash } from './support/upstash-client.js';

// The Redis notification history on each client form (node-redis, ioredis through its wrapper,
// @upstash/redis over the REST stand-in either way it deserializes), against a real redis-server:
// written by createNotifier through stand-in clients, its counts checked against what they delivered.
const upstash = useUpstash();
let io: IORedis;
beforeAll(() => {
  io = new IORedis(upstash.client.options!.url!);
});
afterAll(async () => {
  await io?.quit();
});
const clients: StandInClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

const forms: { name: string; client: () => RedisStoreClient }[] = [
  { name: 'node-redis', client: () => upstash.client },
  {
    name: 'ioredis through its wrapper',
    client: (): RedisEvalClient => ({ eval: (script, { keys, arguments: args }) => io.eval(script, keys.length, ...keys, ...args) }),
  },
  ...DESERIALIZATIONS.map(({ name, options }) => ({ name: `Upstash through ${name}`, client: () => upstash.fromEnv(options) })),
];
let prefixes = 0;

describe.each(forms)('redisNotificationHistory on $name', ({ client }) => {
  const history = (keepMs?: number): NotificationHistory =>
    redisNotificationHistory({ client: client(), prefix: `history-${++prefixes}:`, ...(keepMs !== undefined && { keepMs }) });

  it('keeps counts equal to the report and to what the client delivered; timelines without tokens', async () => {
    const store = memoryTokenStore();
    const { good, other } = await historyClients(store);
    clients.push(good, other);
    const kept = history();
    const report = await createNotifier({ store, history: kept, logger: false, retryDelayMs: 10 }).send(digest, { to: 'all' });
    const read = expectHistoryOf(await kept.get(digest.notificationId), report, good);
    expect(read.byClient[String(WARPCAST_FID)]).toMatchObject({ successful: 230, invalid: 20 });
    expect(deliveredTo(good, digest.notificationId)).toHaveLength(230);
    const [entry] = await kept.timeline(goodUsers[100]!);
    expect(entry).toMatchObject({ notificationId: digest.notificationId, title: digest.title });
    expect(entry!.attempts.at(-1)).toMatchObject({ outcome: 'successful', final: true, client: String(WARPCAST_FID) });
    expect((await kept.timeline(revokedUsers[0]!))[0]!.attempts.at(-1)).toMatchObject({ outcome: 'invalid', final: true });
    expect(JSON.stringify(await kept.timeline(goodUsers[100]!))).not.toContain('tok-');
    expect(await kept.get('never-sent')).toBeUndefined();
  });

  it('lists newest first page by page, ties on the same millisecond included once each', async () => {
    const kept = history();
    const at = Date.now();
    for (const [index, id] of ['a', 'b', 'c', 'd', '42'].entries()) {
      const entries = [{ fid: 7, client: '9152', outcome: 'successful' as const, final: true }];
      await kept.record({ notification: { ...digest, notificationId: id }, at: id === 'a' ? at - 10 : at + (index > 2 ? 5 : 0), entries });
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await kept.list({ limit: 2, ...(cursor !== undefined && { cursor }) });
      seen.push(...page.broadcasts.map(({ notificationId }) => notificationId));
      cursor = page.cursor;
    } while (cursor !== undefined);
    expect(seen).toEqual(['d', '42', 'c', 'b', 'a']);
    expect((await kept.list()).broadcasts[0]).toMatchObject({
      notificationId: 'd',
      counts: { successful: 1 },
      byClient: { '9152': { successful: 1 } },
    });
    // A title of digits comes back as text, whatever the client parses.
    await kept.record({
      notification: { ...digest, notificationId: 'n', title: '123' },
      at,
      entries: [{ fid: 8, client: 'x.example', outcome: 'failed', reason: 'unknown', final: true }],
    });
    expect(await kept.get('n')).toMatchObject({ title: '123', byReason: { unknown: 1 }, byClient: { 'x.example': { failed: 1 } } });
  });

  it('keeps the last 100 notifications per user and forgets what lapsed keepMs after its last write', async () => {
    const kept = history();
    for (let index = 0; index < 103; index++) {
      await kept.record({
        notification: { ...digest, notificationId: `n-${index}` },
        at: Date.now() + index,
        entries: [{ fid: 9, client: '1', outcome: 'successful', final: true }],
      });
    }
    const timeline = await kept.timeline(9);
    expect(timeline).toHaveLength(100);
    expect([timeline[0]!.notificationId, timeline.at(-1)!.notificationId]).toEqual(['n-102', 'n-3']);
    const brief = history(300);
    await brief.record({ notification: digest, at: Date.now(), entries: [{ fid: 10, client: '1', outcome: 'successful', final: true }] });
    expect(await brief.get(digest.notificationId)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await brief.get(digest.notificationId)).toBeUndefined();
    expect(await brief.timeline(10)).toEqual([]);
    expect((await brief.list()).broadcasts).toEqual([]);
  });
});

describe('redisNotificationHistory round trips', () => {
  it('writes a batch of 100 targets in one EVAL', async () => {
    let calls = 0;
    const counting: RedisEvalClient = { eval: (script, options) => (calls++, upstash.client.eval(script, options)) };
    const kept = redisNotificationHistory({ client: counting, prefix: 'history-count:' });
    const entries = Array.from({ length: 100 }, (_, index) => ({
      fid: index + 1,
      client: '9152',
      outcome: 'successful' as const,
      final: true,
    }));
    await kept.record({ notification: digest, at: Date.now(), entries });
    expect(calls).toBe(1);
    expect((await kept.get(digest.notificationId))!.counts.successful).toBe(100);
    expect(await kept.timeline(100)).toHaveLength(1);
  });
});

describe('redisNotificationHistory options', () => {
  it('refuses what cannot work, saying how to fix it', () => {
    expect(() => redisNotificationHistory({ client: {} as RedisStoreClient })).toThrow(
      /redisNotificationHistory\(\): `client` must be a Redis client/,
    );
    expect(() => redisNotificationHistory({ client: upstash.client, keepMs: -1 })).toThrow(/`keepMs` must be a positive integer/);
    expect(() => redisNotificationHistory({ client: upstash.client, prefix: '' })).toThrow(/`prefix` must be a non-empty string/);
  });
});

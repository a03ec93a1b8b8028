import { Redis as IORedis } from 'ioredis';
import { redisDeliveryArchive } from '@social-webhooks/redis';
import type { DeliveryArchive, NewArchivedDelivery } from '@social-webhooks/core';
import type { RedisEvalClient, RedisStoreClient as StoreClient } from '@social-webhooks/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESERIALIZATIONS, useUpstash } from './support/upstash-client.js';
import { pollUntil } from './support/queue-processes.js';
import { useRedisClient } from './support/redis-client.js';

// The Redis delivery archive on a real redis-server, through each client form: node-redis, ioredis
// through its wrapper, and @upstash/redis over the REST stand-in, both ways it deserializes.
const delivery = (at: number, over: Partial<NewArchivedDelivery> = {}): NewArchivedDelivery => ({
  sender: 'neynar',
  eventName: 'cast.created',
  receivedAt: at,
  status: 200,
  code: 'handled',
  deliveryKey: `neynar:cast.created:header:${at}`,
  headers: { 'content-type': 'application/json', 'x-neynar-signature': 'ab'.repeat(64) },
  // Bytes that are not UTF-8, and every byte value: the body must come back byte for byte.
  body: Uint8Array.from({ length: 300 }, (_, index) => (index * 7) % 256),
  bodyAsReceived: true,
  event: { eventName: 'cast.created', data: { hash: `0x${at}`, author: { fid: 3 } } },
  ...over,
});

describe('redisDeliveryArchive', () => {
  const upstash = useUpstash();
  // ioredis on a redis-server of its own: useUpstash keeps its server's address to itself.
  const ioServer = useRedisClient();
  let io: IORedis;
  beforeAll(() => {
    io = new IORedis(ioServer.server.url, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    await io.quit();
  });
  let prefixes = 0;
  const forms: [string, () => StoreClient][] = [
    ['node-redis', () => upstash.client as unknown as StoreClient],
    [
      'ioredis (wrapped)',
      (): RedisEvalClient => ({ eval: (script, { keys, arguments: args }) => io.eval(script, keys.length, ...keys, ...args) }),
    ],
    ...DESERIALIZATIONS.map(({ name, options }): [string, () => StoreClient] => [`@upstash/redis ${name}`, () => upstash.fromEnv(options)]),
  ];

  describe.each(forms)('through %s', (_name, client) => {
    const archive = (options: { keepMs?: number; maxDeliveries?: number } = {}): DeliveryArchive =>
      redisDeliveryArchive({ client: client(), prefix: `archive-${++prefixes}:`, ...options });

    it('keeps a delivery byte for byte, and gives it back by id and in a list', async () => {
      const store = archive();
      const now = Date.now();
      const id = await store.add(delivery(now));
      const got = await store.get(id);
      expect(got).toMatchObject({
        id,
        sender: 'neynar',
        eventName: 'cast.created',
        receivedAt: now,
        status: 200,
        code: 'handled',
        replays: 0,
      });
      expect(got!.body).toEqual(delivery(now).body);
      expect(got!.event).toEqual(delivery(now).event);
      expect(got!.headers).toEqual(delivery(now).headers);
      expect((await store.list()).deliveries).toEqual([got]);
      expect(await store.get('0000000000000-nothing')).toBeUndefined();
    });

    it('lists a window with filters, in pages, newest or oldest first', async () => {
      const store = archive();
      const base = Date.now() - 10_000;
      for (let index = 0; index < 7; index++) {
        await store.add(
          delivery(base + index * 100, {
            code: index % 2 === 0 ? 'handler_failed' : 'handled',
            eventName: index === 6 ? 'cast.deleted' : 'cast.created',
          }),
        );
      }
      const times = (page: { deliveries: readonly { receivedAt: number }[] }) => page.deliveries.map((d) => d.receivedAt - base);
      expect(times(await store.list({ order: 'asc' }))).toEqual([0, 100, 200, 300, 400, 500, 600]);
      const first = await store.list({ limit: 3 });
      expect(times(first)).toEqual([600, 500, 400]);
      expect(times(await store.list({ limit: 3, cursor: first.cursor! }))).toEqual([300, 200, 100]);
      expect(times(await store.list({ code: 'handler_failed', order: 'asc' }))).toEqual([0, 200, 400, 600]);
      expect(times(await store.list({ since: base + 150, until: base + 450, order: 'asc' }))).toEqual([200, 300, 400]);
      expect(times(await store.list({ eventName: 'cast.deleted' }))).toEqual([600]);
      expect(times(await store.list({ sender: 'miniapp' }))).toEqual([]);
    });

    it('drops the oldest past maxDeliveries and those past keepMs, in the add that passes them', async () => {
      const sized = archive({ maxDeliveries: 2 });
      const now = Date.now();
      for (const at of [now - 3, now - 2, now - 1]) await sized.add(delivery(at));
      expect((await sized.list({ order: 'asc' })).deliveries.map((d) => d.receivedAt)).toEqual([now - 2, now - 1]);
      const aged = archive({ keepMs: 60_000 });
      await aged.add(delivery(now - 120_000));
      await aged.add(delivery(now));
      expect((await aged.list()).deliveries.map((d) => d.receivedAt)).toEqual([now]);
    });

    it('adds the refusals of every instance under one prefix, read by refusedTotals()', async () => {
      const prefix = `archive-${++prefixes}:`;
      const one = redisDeliveryArchive({ client: client(), prefix, refusalFlushMs: 20 });
      const two = redisDeliveryArchive({ client: client(), prefix, refusalFlushMs: 20 });
      for (const code of ['signature_mismatch', 'signature_mismatch', 'invalid_json']) one.countRefused(code);
      two.countRefused('signature_mismatch');
      expect(one.refusedCounts()).toEqual({ signature_mismatch: 2, invalid_json: 1 });
      expect(two.refusedCounts()).toEqual({ signature_mismatch: 1 });
      // refusedTotals() flushes its own instance's first; the other's flushes on its 20 ms timer.
      const totals = await pollUntil(
        () => one.refusedTotals!(),
        (read) => read['signature_mismatch'] === 3,
      );
      expect(totals).toEqual({ signature_mismatch: 3, invalid_json: 1 });
      expect(await two.refusedTotals!()).toEqual(totals);
    });

    it("records a later outcome, a replay and a replay's checkpoint", async () => {
      const store = archive();
      const id = await store.add(delivery(Date.now(), { status: 202, code: 'accepted' }));
      await store.settle(id, { status: 500, code: 'handler_failed' });
      expect(await store.get(id)).toMatchObject({ status: 500, code: 'handler_failed' });
      const checkpoint = { after: id, replayed: 1, skipped: 0, failed: 0, savedAt: 5 };
      await store.recordReplay(id, { at: 9, status: 200, code: 'handled' }, { name: 'fix-1', value: checkpoint });
      expect(await store.get(id)).toMatchObject({ replays: 1, lastReplay: { at: 9, status: 200, code: 'handled' } });
      expect(await store.checkpoint('fix-1')).toEqual(checkpoint);
      await store.saveCheckpoint('fix-1', { ...checkpoint, skipped: 1 });
      expect(await store.checkpoint('fix-1')).toMatchObject({ skipped: 1 });
      expect(await store.checkpoint('none')).toBeUndefined();
    });
  });

  it('refuses a client without eval and bad bounds, saying what to pass', () => {
    expect(() => redisDeliveryArchive({ client: {} as never })).toThrow(/`client` must be a Redis client with an eval method/);
    expect(() => redisDeliveryArchive({ client: upstash.client as unknown as StoreClient, keepMs: 0 })).toThrow(
      /`keepMs` must be a positive whole number/,
    );
  });
});

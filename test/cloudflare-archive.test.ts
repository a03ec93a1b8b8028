import { buildNeynarDelivery } from '@social-webhooks/core/testing';
import { describe, expect, it } from 'vitest';
import { useCloudflareWorkers, type StorageKind } from './support/cloudflare-workers.js';

// The delivery archive on D1 and on the Durable Object, run in a Worker on workerd
// (test/runtimes/cloudflare-archive-worker.ts): the contract test/redis-archive.test.ts checks on
// Redis, a delivery too large for a row refused whole, and the judge: a Worker receiver whose
// handler fails for a window of deliveries answered 202, fixed, and the window replayed from the
// archive in the Worker: every lost event handled exactly once, none twice, no forgery archived.
const workers = useCloudflareWorkers(undefined, 'cloudflare-archive-worker.ts');
const SECRET = 'archive-secret';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let prefixes = 0;

interface Delivery {
  readonly id: string;
  readonly receivedAt: number;
  readonly body: number[];
  readonly [field: string]: unknown;
}

const delivery = (at: number, over: Record<string, unknown> = {}) => ({
  sender: 'neynar',
  eventName: 'cast.created',
  receivedAt: at,
  status: 200,
  code: 'handled',
  deliveryKey: `neynar:cast.created:header:${at}`,
  headers: { 'content-type': 'application/json', 'x-neynar-signature': 'ab'.repeat(64) },
  // Bytes that are not UTF-8, and every byte value: the body must come back byte for byte.
  body: Array.from({ length: 300 }, (_, index) => (index * 7) % 256),
  bodyAsReceived: true,
  event: { eventName: 'cast.created', data: { hash: `0x${at}`, author: { fid: 3 } } },
  ...over,
});

describe.each<StorageKind>(['d1', 'do'])('cloudflareDeliveryArchive on %s', (storage) => {
  const archiveOf = (options: Record<string, number> = {}, prefix = `archive_${storage}_${++prefixes}_`) => {
    return async (method: string, ...args: unknown[]): Promise<unknown> => {
      const response = await workers.fetch('a', '/archive', {
        method: 'POST',
        body: JSON.stringify({ storage, prefix, method, args, options }),
      });
      const reply = (await response.json()) as { result?: unknown; error?: string };
      if (reply.error !== undefined) throw new Error(reply.error);
      return reply.result;
    };
  };
  const times = (page: unknown, base: number) => (page as { deliveries: Delivery[] }).deliveries.map((d) => d.receivedAt - base);

  it('keeps a delivery byte for byte, and gives it back by id and in a list', async () => {
    const call = archiveOf();
    const now = Date.now();
    const id = (await call('add', delivery(now))) as string;
    const got = (await call('get', id)) as Delivery;
    const { body, ...rest } = delivery(now);
    expect(got).toMatchObject({ ...rest, id, replays: 0 });
    expect(got.body).toEqual(body);
    expect(got).not.toHaveProperty('lastReplay');
    expect(await call('list')).toEqual({ deliveries: [got] });
    expect(await call('get', '0000000000000-nothing')).toBeNull();
  });

  it('lists a window with filters, in pages, newest or oldest first; ids sort in arrival order within a millisecond', async () => {
    const call = archiveOf();
    const base = Date.now() - 10_000;
    for (let index = 0; index < 7; index++) {
      const code = index % 2 === 0 ? 'handler_failed' : 'handled';
      await call('add', delivery(base + index * 100, { code, eventName: index === 6 ? 'cast.deleted' : 'cast.created' }));
    }
    expect(times(await call('list', { order: 'asc' }), base)).toEqual([0, 100, 200, 300, 400, 500, 600]);
    const first = (await call('list', { limit: 3 })) as { cursor: string };
    expect(times(first, base)).toEqual([600, 500, 400]);
    const second = (await call('list', { limit: 3, cursor: first.cursor })) as { cursor: string };
    expect(times(second, base)).toEqual([300, 200, 100]);
    expect(await call('list', { limit: 3, cursor: second.cursor })).toMatchObject({ deliveries: [{ receivedAt: base }] });
    expect((await call('list', { limit: 7 })) as object).not.toHaveProperty('cursor');
    expect(times(await call('list', { code: 'handler_failed', order: 'asc' }), base)).toEqual([0, 200, 400, 600]);
    expect(times(await call('list', { since: base + 150, until: base + 450, order: 'asc' }), base)).toEqual([200, 300, 400]);
    expect(times(await call('list', { eventName: 'cast.deleted' }), base)).toEqual([600]);
    expect(times(await call('list', { sender: 'miniapp' }), base)).toEqual([]);
    const same = Date.now();
    for (let index = 0; index < 5; index++) await call('add', delivery(same, { code: `same-${index}` }));
    const page = (await call('list', { since: same, order: 'asc' })) as { deliveries: Delivery[] };
    expect(page.deliveries.map((d) => d['code'])).toEqual(['same-0', 'same-1', 'same-2', 'same-3', 'same-4']);
  });

  it('drops the oldest past maxDeliveries and those past keepMs, in the add that passes them', async () => {
    const sized = archiveOf({ maxDeliveries: 2 });
    const now = Date.now();
    for (const at of [now - 3, now - 2, now - 1]) await sized('add', delivery(at));
    expect(times(await sized('list', { order: 'asc' }), now)).toEqual([-2, -1]);
    await sized('add', delivery(now));
    expect(times(await sized('list', { order: 'asc' }), now)).toEqual([-1, 0]);
    const aged = archiveOf({ keepMs: 60_000 });
    await aged('add', delivery(now - 120_000));
    await aged('add', delivery(now));
    expect(times(await aged('list'), now)).toEqual([0]);
  });

  it("records a later outcome, a replay and a replay's checkpoint", async () => {
    const call = archiveOf();
    const id = (await call('add', delivery(Date.now(), { status: 202, code: 'accepted' }))) as string;
    await call('settle', id, { status: 500, code: 'handler_failed' });
    expect(await call('get', id)).toMatchObject({ status: 500, code: 'handler_failed' });
    const checkpoint = { after: id, replayed: 1, skipped: 0, failed: 0, savedAt: 5 };
    await call('recordReplay', id, { at: 9, status: 200, code: 'handled' }, { name: 'fix-1', value: checkpoint });
    expect(await call('get', id)).toMatchObject({ replays: 1, lastReplay: { at: 9, status: 200, code: 'handled' } });
    expect(await call('checkpoint', 'fix-1')).toEqual(checkpoint);
    await call('saveCheckpoint', 'fix-1', { ...checkpoint, skipped: 1 });
    expect(await call('checkpoint', 'fix-1')).toMatchObject({ skipped: 1 });
    expect(await call('checkpoint', 'none')).toBeNull();
  });

  it('refuses whole a delivery larger than a row holds, and keeps the next', async () => {
    const call = archiveOf();
    const now = Date.now();
    await expect(call('add', delivery(now, { body: { $fill: 1_900_000 } }))).rejects.toThrow(
      /cloudflareDeliveryArchive\(\): the delivery .* is 19\d{5} bytes with its event and headers, over the 1900000 a row of D1 or a Durable Object holds; it is not archived/,
    );
    const big = (await call('add', delivery(now + 1, { body: { $fill: 1_000_000 } }))) as string;
    expect(((await call('get', big)) as Delivery).body).toHaveLength(1_000_000);
    expect(times(await call('list'), now)).toEqual([1]);
  });

  it('replays a window of lost deliveries in the Worker: each handled once, none twice, no forgery archived', async () => {
    const prefix = `judge_${storage}_`;
    const query = `storage=${storage}&prefix=${prefix}`;
    const send = async (hash: string, secret = SECRET) => {
      const { headers, body } = await buildNeynarDelivery({ secret, type: 'cast.created', data: { hash, author: { fid: 3 } } });
      const response = await workers.fetch('a', `/webhook?${query}`, {
        method: 'POST',
        headers: { ...headers, 'x-convoy-idempotency-key': hash },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    };
    const setBroken = async (value: boolean) =>
      (await workers.fetch('a', `/broken?${query}&value=${value ? 1 : 0}`, { method: 'POST' })).arrayBuffer();
    const handled = async () => (await (await workers.fetch('a', `/handled?${query}`)).json()) as string[];
    const replayed = async (window: Record<string, unknown>) => {
      const reply = (await (
        await workers.fetch('a', `/replay?${query}`, { method: 'POST', body: JSON.stringify(window) })
      ).json()) as Record<string, unknown>;
      if (typeof reply['error'] === 'string') throw new Error(reply['error']);
      return reply;
    };

    for (const hash of ['ok-1', 'ok-2']) expect(await send(hash)).toBe(202);
    await sleep(200);
    const since = Date.now();
    await setBroken(true);
    for (let index = 1; index <= 6; index++) expect(await send(`lost-${index}`)).toBe(202);
    expect(await send('forged-1', 'not-the-secret')).toBe(401);
    await sleep(200);
    await setBroken(false);
    expect(await send('edge-1')).toBe(202);
    await sleep(200);
    expect(await send('edge-1')).toBe(200);
    const until = Date.now();
    expect(await send('after-1')).toBe(202);
    await sleep(200);
    expect(await handled()).toEqual(['ok-1', 'ok-2', 'edge-1', 'after-1']);

    const archive = archiveOf({}, prefix);
    const window = (await archive('list', { since, until, order: 'asc', limit: 1000 })) as { deliveries: Delivery[] };
    expect(window.deliveries.map((d) => [(d['event'] as { data: { hash: string } }).data.hash, d['code']])).toEqual([
      ...Array.from({ length: 6 }, (_, index) => [`lost-${index + 1}`, 'handler_failed']),
      ['edge-1', 'handled'],
      ['edge-1', 'duplicate'],
    ]);
    // No secret among the headers kept: the content type, the delivery id, and Neynar's HMAC of the body.
    expect(Object.keys(window.deliveries[0]!['headers'] as object).sort()).toEqual([
      'content-type',
      'x-convoy-idempotency-key',
      'x-neynar-signature',
    ]);
    const all = (await archive('list', { limit: 1000 })) as { deliveries: Delivery[] };
    expect(all.deliveries.map((d) => (d['event'] as { data: { hash: string } }).data.hash)).not.toContain('forged-1');
    expect(all.deliveries).toHaveLength(11);
    expect(await replayed({ since, until, dryRun: true })).toMatchObject({ matched: 8, replayed: 6, skipped: 2, dryRun: true });
    expect(await handled()).toHaveLength(4);
    expect(await replayed({ since, until, checkpoint: 'fix-1' })).toMatchObject({ matched: 8, replayed: 6, skipped: 2, failed: 0 });
    const lines = await handled();
    expect(lines.filter((line) => line.startsWith('lost-')).sort()).toEqual(
      Array.from({ length: 6 }, (_, index) => `lost-${index + 1} replay`),
    );
    expect(new Set(lines.map((line) => line.split(' ')[0])).size).toBe(lines.length);
    expect(lines.some((line) => line.startsWith('forged-'))).toBe(false);
    // Run again under its checkpoint: it goes on after its last delivery, and nothing runs twice.
    expect(await replayed({ since, until, checkpoint: 'fix-1' })).toMatchObject({ replayed: 0, failed: 0 });
    expect(await replayed({ since: since - 60_000 })).toMatchObject({ replayed: 0, failed: 0 });
    expect(await handled()).toEqual(lines);
  });
});

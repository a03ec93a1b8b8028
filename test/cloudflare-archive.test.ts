import type { ArchivedDelivery } from '@social-webhooks/core';
import { buildNeynarDelivery } from '@social-webhooks/core/testing';
import { describe, expect, it } from 'vitest';
import { archiveContract } from './support/archive-contract.js';
import { archivedDelivery } from './support/archive-place.js';
import { archiveCall, workerArchive } from './support/cloudflare-archive-calls.js';
import { useCloudflareWorkers, type StorageKind } from './support/cloudflare-workers.js';

// The delivery archive on D1 and on the Durable Object, run in a Worker on workerd
// (test/runtimes/cloudflare-archive-worker.ts): the archive contract (support/archive-contract.ts),
// each call made in Worker a or b in turn, a delivery too large for a row refused whole, and the
// issue's judge: a Worker receiver whose handler fails for a window of deliveries answered 202,
// fixed, and the window replayed from the archive in the Worker: every lost event handled exactly
// once, none twice, no forgery archived.
const workers = useCloudflareWorkers(undefined, 'cloudflare-archive-worker.ts');
const SECRET = 'archive-secret';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let prefixes = 0;
const hashOf = (delivery: ArchivedDelivery) => (delivery.event.data as { hash?: unknown }).hash;

for (const storage of ['d1', 'do'] as const) {
  // The refusals are counted in the process of an archive made for each call: the Worker's, not seen from here.
  archiveContract(
    `cloudflareDeliveryArchive on ${storage}`,
    (options) =>
      workerArchive(workers, { storage, prefix: `archive_${storage}_${++prefixes}_`, ...(options !== undefined && { options }) }),
    { refusalsInProcess: false },
  );
}

describe.each<StorageKind>(['d1', 'do'])('cloudflareDeliveryArchive on %s', (storage) => {
  it('refuses whole a delivery larger than a row holds, and keeps the next', async () => {
    const where = { storage, prefix: `archive_${storage}_${++prefixes}_` };
    const now = Date.now();
    // { $fill: n } asks the Worker for n bytes of every value in turn, rather than sending them as JSON.
    const add = (at: number, bytes: number) => archiveCall(workers, where, 'add', [{ ...archivedDelivery(at), body: { $fill: bytes } }]);
    await expect(add(now, 1_900_000)).rejects.toThrow(
      /cloudflareDeliveryArchive\(\): the delivery .* is 19\d{5} bytes with its event and headers, over the 1900000 a row of D1 or a Durable Object holds; it is not archived/,
    );
    const big = String(await add(now + 1, 1_000_000));
    const archive = workerArchive(workers, where)();
    expect((await archive.get(big))!.body).toHaveLength(1_000_000);
    expect((await archive.list()).deliveries.map((d) => d.receivedAt - now)).toEqual([1]);
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

    const archive = workerArchive(workers, { storage, prefix })();
    const window = await archive.list({ since, until, order: 'asc', limit: 1000 });
    expect(window.deliveries.map((d) => [hashOf(d), d.code])).toEqual([
      ...Array.from({ length: 6 }, (_, index) => [`lost-${index + 1}`, 'handler_failed']),
      ['edge-1', 'handled'],
      ['edge-1', 'duplicate'],
    ]);
    // No secret among the headers kept: the content type, the delivery id, and Neynar's HMAC of the body.
    expect(Object.keys(window.deliveries[0]!.headers).sort()).toEqual(['content-type', 'x-convoy-idempotency-key', 'x-neynar-signature']);
    const all = await archive.list({ limit: 1000 });
    expect(all.deliveries.map((d) => hashOf(d))).not.toContain('forged-1');
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

import type { ArchivePage } from '@social-webhooks/core';
import { describe, expect, it } from 'vitest';
import { archiveReplayContract, type ArchiveContractOptions } from './archive-replay-contract.js';
import { archivedDelivery, type ArchivePlace } from './archive-place.js';

/** Arrival times of a page, from `base`. */
const times = (page: ArchivePage, base = 0) => page.deliveries.map((d) => d.receivedAt - base);

/**
 * What every delivery archive does (DeliveryArchive of @social-webhooks/core), run on each store's
 * file: a delivery kept byte for byte; a window listed with filters, in pages either way, in arrival
 * order within a millisecond; the oldest dropped past maxDeliveries and keepMs; a query refused; and
 * (archive-replay-contract.ts) later outcomes, replays, checkpoints, two instances adding at once and
 * the refusals counted.
 */
export function archiveContract(name: string, place: ArchivePlace, options: ArchiveContractOptions = {}): void {
  const fresh = async (options?: { readonly keepMs?: number; readonly maxDeliveries?: number }) => (await place(options))();

  // One case at a time: ids made in one millisecond sort in arrival order only while no other
  // millisecond's id is made between them (newArchiveId), which cases at once would do.
  describe(`the archive contract: ${name}`, () => {
    it('keeps a delivery byte for byte, and gives it back by id and in a list', async () => {
      const store = await fresh();
      const now = Date.now();
      const id = await store.add(archivedDelivery(now));
      const got = await store.get(id);
      const { body, event, headers, ...rest } = archivedDelivery(now);
      expect(got).toMatchObject({ ...rest, id, replays: 0 });
      expect(got!.body).toEqual(body);
      expect(JSON.stringify(got!.event)).toBe(JSON.stringify(event));
      expect(got!.headers).toEqual(headers);
      expect(got!.lastReplay).toBeUndefined();
      expect((await store.list()).deliveries).toEqual([got]);
      expect(await store.get('0000000000000-nothing')).toBeUndefined();
      const keyless = await store.get(
        await store.add(archivedDelivery(now, { deliveryKey: undefined, bodyAsReceived: false, body: new Uint8Array() })),
      );
      expect(keyless).toMatchObject({ bodyAsReceived: false, body: new Uint8Array() });
      expect(keyless!.deliveryKey).toBeUndefined();
    });

    it('lists a window with filters, in pages, newest or oldest first; ids sort in arrival order within a millisecond', async () => {
      const store = await fresh();
      const base = Date.now() - 10_000;
      for (let index = 0; index < 7; index++) {
        const code = index % 2 === 0 ? 'handler_failed' : 'handled';
        await store.add(archivedDelivery(base + index * 100, { code, eventName: index === 6 ? 'cast.deleted' : 'cast.created' }));
      }
      expect(times(await store.list({ order: 'asc' }), base)).toEqual([0, 100, 200, 300, 400, 500, 600]);
      const first = await store.list({ limit: 3 });
      expect(times(first, base)).toEqual([600, 500, 400]);
      const second = await store.list({ limit: 3, cursor: first.cursor! });
      expect(times(second, base)).toEqual([300, 200, 100]);
      const third = await store.list({ limit: 3, cursor: second.cursor! });
      expect(times(third, base)).toEqual([0]);
      expect(third.cursor).toBeUndefined();
      expect((await store.list({ limit: 7 })).cursor).toBeUndefined();
      const ascending = await store.list({ order: 'asc', limit: 4 });
      expect(times(await store.list({ order: 'asc', cursor: ascending.cursor! }), base)).toEqual([400, 500, 600]);
      expect(times(await store.list({ code: 'handler_failed', order: 'asc' }), base)).toEqual([0, 200, 400, 600]);
      expect(times(await store.list({ since: base + 150, until: base + 450, order: 'asc' }), base)).toEqual([200, 300, 400]);
      expect(times(await store.list({ eventName: 'cast.deleted' }), base)).toEqual([600]);
      expect(times(await store.list({ sender: 'miniapp' }))).toEqual([]);
      const same = Date.now();
      for (let index = 0; index < 5; index++) await store.add(archivedDelivery(same, { code: `same-${index}` }));
      const page = await store.list({ since: same, order: 'asc' });
      expect(page.deliveries.map((d) => d.code)).toEqual(['same-0', 'same-1', 'same-2', 'same-3', 'same-4']);
    });

    it('drops the oldest past maxDeliveries and those past keepMs, in the add that passes them', async () => {
      const sized = await fresh({ maxDeliveries: 2 });
      const now = Date.now();
      for (const at of [now - 3, now - 2, now - 1]) await sized.add(archivedDelivery(at));
      expect(times(await sized.list({ order: 'asc' }), now)).toEqual([-2, -1]);
      await sized.add(archivedDelivery(now));
      expect(times(await sized.list({ order: 'asc' }), now)).toEqual([-1, 0]);
      const aged = await fresh({ keepMs: 60_000 });
      await aged.add(archivedDelivery(now - 120_000));
      await aged.add(archivedDelivery(now));
      expect(times(await aged.list(), now)).toEqual([0]);
    });

    it('refuses a query that cannot be, with invalid_options', async () => {
      const store = await fresh();
      await expect(store.list({ limit: 0 })).rejects.toThrow(/`limit` must be a whole number from 1 to 1000/);
      await expect(store.list({ limit: 1_001 })).rejects.toThrow(/`limit` must be a whole number from 1 to 1000/);
      await expect(store.list({ since: Number.NaN })).rejects.toThrow(/`since` must be a time in ms/);
      await expect(store.list({ order: 'sideways' as never })).rejects.toThrow(/`order`/);
    });

    archiveReplayContract(place, options);
  });
}

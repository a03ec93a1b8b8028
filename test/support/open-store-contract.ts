import { memoryOpenStore, WebhookError, type OpenRecord, type OpenStore } from '@social-webhooks/core';
import { expect, it } from 'vitest';
import { contractDescribe, lapseFromStart, type ContractRun, type StoreLapse, type StorePlace } from './store-place.js';

/** Open stores on storage of their own (store-place.ts), with the retention a case gives. */
export type OpenStorePlace = StorePlace<OpenStore, { readonly retentionMs?: number }>;

/**
 * What every open store does (OpenStore of @social-webhooks/core), run on each store's file: every
 * open counted, the distinct FIDs, both per client, as the memory store counts them; one unique
 * open of a user recorded by instances at once; a notification's opens forgotten retentionMs after
 * the last and counted again from nothing; an open without a FID refused, nothing stored.
 */
export function openStoreContract(
  name: string,
  place: OpenStorePlace,
  lapse: StoreLapse = { ms: 300, waitMs: 500 },
  run: ContractRun = {},
): void {
  const fresh = async (options?: { readonly retentionMs?: number }) => (await place(options))();

  contractDescribe(run)(`the open store contract: ${name}`, () => {
    it('counts every open, the distinct FIDs, and both per client; zeros for a notification nobody opened', async () => {
      const store = await fresh();
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

    it('answers as the memory store for the same opens: each unique, every count, per client', async () => {
      const [memory, kept] = [memoryOpenStore(), await fresh()];
      for (let index = 0; index < 40; index++) {
        const clientFid = index % 4 === 0 ? undefined : index % 4 === 1 ? 9152 : 309857;
        const open: OpenRecord = { notificationId: index % 3 === 0 ? 'a' : 'b', fid: 1 + (index % 7), at: Date.now(), clientFid };
        expect(await kept.record(open)).toEqual(await memory.record(open));
      }
      for (const id of ['a', 'b', 'never']) expect(await kept.counts(id)).toEqual(await memory.counts(id));
      expect((await kept.counts('b')).byClient['9152']!.uniqueOpens).toBeGreaterThan(0);
    });

    it('counts one unique open when one user is recorded by many instances at once', async () => {
      const instance = await place();
      const stores = [instance(), instance()];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          stores[index % 2]!.record({ notificationId: 'race', fid: 7, clientFid: 9152, at: Date.now() }),
        ),
      );
      expect(answers.filter(({ unique }) => unique)).toHaveLength(1);
      expect(await stores[1]!.counts('race')).toEqual({ opens: 20, uniqueOpens: 1, byClient: { '9152': { opens: 20, uniqueOpens: 1 } } });
    });

    it('refuses an open without a FID, with invalid_options, and stores nothing', async () => {
      const store = await fresh();
      await expect(store.record({ notificationId: 'bad', fid: 0, at: Date.now() })).rejects.toThrow(WebhookError);
      await expect(store.record({ notificationId: 'bad', fid: 3, clientFid: 1.5, at: Date.now() })).rejects.toThrow('`clientFid`');
      expect((await store.counts('bad')).opens).toBe(0);
    });

    // Its first open is recorded as the describe starts, so the wait runs beside the cases above: keep it last.
    const now = lapse.now ?? Date.now;
    const lapsing = lapseFromStart(lapse, async () => {
      const store = await fresh({ retentionMs: lapse.ms });
      await store.record({ notificationId: 'brief', fid: 3, clientFid: 9152, at: now() });
      return { store, before: await store.counts('brief') };
    });
    it("forgets a notification's opens retentionMs after the last, then counts it again from nothing", async () => {
      const { store, before } = await lapsing.past();
      expect(before.opens).toBe(1);
      expect(await store.counts('brief')).toEqual({ opens: 0, uniqueOpens: 0, byClient: {} });
      expect(await store.record({ notificationId: 'brief', fid: 3, clientFid: 9152, at: now() })).toEqual({ unique: true });
      expect(await store.counts('brief')).toEqual({ opens: 1, uniqueOpens: 1, byClient: { '9152': { opens: 1, uniqueOpens: 1 } } });
    });
  });
}

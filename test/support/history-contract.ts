import { createNotifier, memoryNotificationHistory, memoryTokenStore, WebhookError, type NotificationHistory } from '@social-webhooks/core';
import { expect, it } from 'vitest';
import { historyBatches, historyPages, spreadBatches } from './history-batches.js';
import { historyCountsContract } from './history-counts-contract.js';
import { deliveredTo, digest, expectHistoryOf, goodUsers, historyClients, revokedUsers, WARPCAST_FID } from './history-scenario.js';
import { contractDescribe, type ContractRun, type StoreLapse, type StorePlace } from './store-place.js';

/** Histories on storage of their own (store-place.ts). */
export type HistoryPlace = StorePlace<NotificationHistory, { readonly keepMs?: number }>;

/**
 * What every notification history does (NotificationHistory of @social-webhooks/core), run on each
 * store's file: counts written by createNotifier equal to its report and to what the stand-in
 * clients delivered; pages newest first with ties; the same answers as the memory history for the
 * same batches; read options refused; and (history-counts-contract.ts) final outcomes counted,
 * timelines bounded, two writers adding up, and what lapsed forgotten and started again.
 */
export function historyContract(name: string, place: HistoryPlace, lapse: StoreLapse = { ms: 300 }, run: ContractRun = {}): void {
  const fresh = async (options?: { readonly keepMs?: number }) => (await place(options))();

  contractDescribe(run)(`the history contract: ${name}`, () => {
    it('keeps counts equal to the report and to what the client delivered; timelines without tokens', async () => {
      const store = memoryTokenStore();
      const { good, other } = await historyClients(store);
      try {
        const kept = await fresh();
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
      } finally {
        await Promise.all([good.close(), other.close()]);
      }
    });

    it('lists newest first page by page, ties on the same millisecond included once each; a title of digits stays text', async () => {
      const kept = await fresh();
      const at = Date.now();
      for (const [index, id] of ['a', 'b', 'c', 'd', '42'].entries()) {
        const entries = [{ fid: 7, client: '9152', outcome: 'successful' as const, final: true }];
        await kept.record({
          notification: { ...digest, notificationId: id },
          at: id === 'a' ? at - 10 : at + (index > 2 ? 5 : 0),
          entries,
        });
      }
      const seen = (await historyPages(kept, 2)).flatMap((page) => page.broadcasts.map(({ notificationId }) => notificationId));
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

    it('answers as the memory history for the same batches: every notification, every page, every timeline', async () => {
      const sets = [
        { batches: historyBatches(Date.now() - 60_000), limits: [7, 20], fids: [1, 2, 3, 4, 7, 12, 99] },
        { batches: spreadBatches(Date.now() - 30_000), limits: [1, 3, 20], fids: [1, 60, 61, 100, 140, 180, 181] },
      ];
      const read: NotificationHistory[] = [];
      for (const { batches, limits, fids } of sets) {
        const [memory, kept] = [memoryNotificationHistory(), await fresh()];
        read.push(kept);
        for (const batch of batches) {
          await memory.record(batch);
          await kept.record(batch);
        }
        // Reads change nothing: each kind of them at once (a store over a network answers them sooner).
        const ids = [...new Set(batches.map((batch) => batch.notification.notificationId)), 'never-sent'];
        const answers = (history: NotificationHistory) =>
          Promise.all([
            Promise.all(ids.map((id) => history.get(id))),
            Promise.all(limits.map((limit) => historyPages(history, limit))),
            Promise.all(fids.flatMap((fid) => [history.timeline(fid), history.timeline(fid, { limit: 2 })])),
          ]);
        const [[gets, pages, timelines], [memoryGets, memoryPages, memoryTimelines]] = [await answers(kept), await answers(memory)];
        expect(gets, 'get() of every notification').toEqual(memoryGets);
        expect(pages, `list() in pages of ${limits.join(', ')}`).toEqual(memoryPages);
        expect(timelines, `timeline() of ${fids.join(', ')}, whole and 2 entries`).toEqual(memoryTimelines);
      }
      // The bounds and ties the batches reach, checked on the store itself.
      const [first, spread] = read as [NotificationHistory, NotificationHistory];
      const listed = await historyPages(first, 7);
      expect(listed.flatMap((page) => page.broadcasts)).toHaveLength(109);
      expect(listed[0]!.broadcasts.slice(0, 3).map((b) => b.notificationId)).toEqual(['tie-c', 'tie-b', 'tie-a']);
      const user1 = await first.timeline(1);
      expect(user1).toHaveLength(100);
      expect([user1[0]!.notificationId, user1.at(-1)!.notificationId]).toEqual(['n-104', 'n-5']);
      const [retried] = await first.timeline(2, { limit: 1 });
      expect(retried!.attempts).toHaveLength(20);
      expect(retried!.attempts.at(-1)).toMatchObject({ outcome: 'successful', final: true });
      expect(await first.get('n-retried')).toMatchObject({ counts: { successful: 1, rateLimited: 0 } });
      expect((await spread.get('n-2'))!.byReason).not.toEqual({});
    });

    it('refuses a FID, a limit or a cursor that cannot be, with invalid_options', async () => {
      const kept = await fresh();
      await expect(kept.timeline(0)).rejects.toThrow(/`fid` must be a positive integer/);
      await expect(kept.timeline(1, { limit: 101 })).rejects.toThrow(/`limit` must be an integer from 1 to 100/);
      await expect(kept.list({ limit: 0 })).rejects.toBeInstanceOf(WebhookError);
      await expect(kept.list({ limit: 1_001 })).rejects.toThrow(/`limit` must be an integer from 1 to 1000/);
      await expect(kept.list({ cursor: 'nope' })).rejects.toThrow(/`cursor` is what the previous page answered/);
    });

    historyCountsContract(place, lapse);
  });
}

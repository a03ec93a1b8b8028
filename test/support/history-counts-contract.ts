import { memoryNotificationHistory, type HistoryBatch, type HistoryEntry, type NotificationHistory } from '@social-webhooks/core';
import { expect, it } from 'vitest';
import { lapseFromStart, type StoreLapse, type StorePlace } from './store-place.js';
import { digest } from './history-scenario.js';

const note = (notificationId: string) => ({ ...digest, notificationId });
const sent = (fid: number, outcome: HistoryEntry['outcome'] = 'successful', final = true): HistoryEntry => ({
  fid,
  client: '9152',
  outcome,
  final,
});

/**
 * The history contract's cases of counting and bounds (called inside historyContract's describe):
 * final outcomes counted, attempts tried again in the timeline; a user's timeline the last 100
 * notifications and 20 attempts each; two writers of one notification at once adding up; what
 * lapsed keepMs after its last write forgotten, and started again (its first write made as the
 * describe starts, so the wait runs beside the other cases: keep it last).
 */
export function historyCountsContract(place: StorePlace<NotificationHistory, { readonly keepMs?: number }>, lapse: StoreLapse): void {
  const fresh = async (options?: { readonly keepMs?: number }): Promise<NotificationHistory> => (await place(options))();

  it('counts final outcomes only; an attempt tried again is in the timeline', async () => {
    const kept = await fresh();
    const at = Date.now();
    await kept.record({
      notification: note('a'),
      at,
      entries: [sent(1, 'rateLimited', false), { ...sent(2, 'failed'), reason: 'unknown' }],
    });
    await kept.record({ notification: note('a'), at: at + 1_000, entries: [sent(1)] });
    expect(await kept.get('a')).toMatchObject({
      startedAt: at,
      updatedAt: at + 1_000,
      counts: { successful: 1, failed: 1, rateLimited: 0 },
      byReason: { unknown: 1 },
      byClient: { '9152': { successful: 1, failed: 1 } },
    });
    expect((await kept.timeline(1))[0]!.attempts.map(({ outcome, final }) => `${outcome}:${final}`)).toEqual([
      'rateLimited:false',
      'successful:true',
    ]);
  });

  it("bounds a user's timeline to the last 100 notifications and 20 attempts each, as the memory history", async () => {
    const [memory, kept] = [memoryNotificationHistory(), await fresh()];
    const base = Date.now();
    const one = (id: string, at: number, outcome: HistoryEntry['outcome'] = 'successful'): HistoryBatch => ({
      notification: note(id),
      at,
      entries: [{ fid: 9, client: '1', outcome, final: false, reason: 'retry' }],
    });
    for (let index = 0; index < 103; index++) for (const h of [memory, kept]) await h.record(one(`n-${index}`, base + index));
    for (let index = 0; index < 25; index++)
      for (const h of [memory, kept]) await h.record(one('n-102', base + 200 + index, 'rateLimited'));
    const timeline = await kept.timeline(9);
    expect(timeline).toHaveLength(100);
    expect([timeline[0]!.notificationId, timeline.at(-1)!.notificationId]).toEqual(['n-102', 'n-3']);
    expect(timeline[0]!.attempts).toHaveLength(20);
    expect(timeline).toEqual(await memory.timeline(9));
    expect(await kept.timeline(9, { limit: 3 })).toEqual(timeline.slice(0, 3));
  });

  it('adds up the batches of two writers at once, none lost', async () => {
    const instance = await place();
    const writers = [instance(), instance()];
    const at = Date.now();
    // 40 batches of 100 at once, every user in 4 of them: the notification's counters and the users' rows contended.
    await Promise.all(
      Array.from({ length: 40 }, (_, batch) =>
        writers[batch % 2]!.record({
          notification: digest,
          at: at + batch,
          entries: Array.from({ length: 100 }, (_, index) => ({
            fid: ((batch * 100 + index) % 1000) + 1,
            client: batch % 4 === 0 ? '9152' : 'x.example',
            outcome: batch % 5 === 0 ? ('failed' as const) : ('successful' as const),
            reason: 'timeout',
            final: true,
          })),
        }),
      ),
    );
    const kept = await writers[0]!.get(digest.notificationId);
    expect(kept!.counts).toMatchObject({ successful: 3200, failed: 800 });
    expect(kept!.byReason).toEqual({ timeout: 800 });
    expect(kept!.byClient['9152']!.successful + kept!.byClient['x.example']!.successful).toBe(3200);
    expect([kept!.startedAt, kept!.updatedAt]).toEqual([expect.any(Number), at + 39]);
    const timeline = await writers[1]!.timeline(1);
    expect(timeline).toHaveLength(1);
    expect(timeline[0]!.attempts).toHaveLength(4);
  });

  const now = lapse.now ?? Date.now;
  const entries = [sent(10, 'successful')];
  const lapsing = lapseFromStart(lapse, async () => {
    const kept = await fresh({ keepMs: lapse.ms });
    await kept.record({ notification: digest, at: now(), entries });
    return { kept, before: await kept.get(digest.notificationId) };
  });
  it('forgets what lapsed keepMs after its last write, and starts a lapsed notification again', async () => {
    const { kept, before } = await lapsing.past();
    expect(before).toMatchObject({ counts: { successful: 1 } });
    expect(await kept.get(digest.notificationId)).toBeUndefined();
    expect(await kept.timeline(10)).toEqual([]);
    expect((await kept.list()).broadcasts).toEqual([]);
    const again = now();
    await kept.record({ notification: { ...digest, title: 'Again' }, at: again, entries });
    expect(await kept.get(digest.notificationId)).toMatchObject({ title: 'Again', startedAt: again, counts: { successful: 1 } });
    expect((await kept.timeline(10))[0]!.attempts).toHaveLength(1);
  });
}

import { describe, expect, it } from 'vitest';
import { WebhookError } from '../../errors.js';
import { memoryNotificationHistory } from './memory-history.js';
import { DEFAULT_HISTORY_KEEP_MS, type HistoryEntry } from './history.js';

const note = (notificationId: string) => ({ notificationId, title: 'T', body: 'B', targetUrl: 'https://app.example.com/' });
const sent = (fid: number, outcome: HistoryEntry['outcome'] = 'successful', final = true): HistoryEntry => ({
  fid,
  client: '9152',
  outcome,
  final,
});

// The cases every history answers (counts, timelines' bounds, pages, read options refused) are
// test/support/history-contract.ts's, run on the memory history by test/memory-history.test.ts;
// here, what only the memory history has: a clock of its own, read to the millisecond.
describe('memoryNotificationHistory', () => {
  it('forgets a notification and a timeline keepMs after their last change', async () => {
    let now = 10_000;
    const history = memoryNotificationHistory({ keepMs: 1_000, now: () => now });
    await history.record({ notification: note('a'), at: now, entries: [sent(1)] });
    now += 999;
    expect(await history.get('a')).toBeDefined();
    now += 2;
    expect(await history.get('a')).toBeUndefined();
    expect(await history.timeline(1)).toEqual([]);
    expect((await history.list()).broadcasts).toEqual([]);
  });

  it('defaults to 30 days, and refuses what cannot work with the fix', () => {
    expect(DEFAULT_HISTORY_KEEP_MS).toBe(2_592_000_000);
    expect(() => memoryNotificationHistory({ keepMs: 0 })).toThrow(WebhookError);
    expect(() => memoryNotificationHistory({ keepMs: 0 })).toThrow(/memoryNotificationHistory\(\): `keepMs` must be a positive integer/);
    expect(() => memoryNotificationHistory({ now: 5 as never })).toThrow(/`now` must be a function/);
  });
});

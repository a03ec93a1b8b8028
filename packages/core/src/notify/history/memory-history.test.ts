import { describe, expect, it } from 'vitest';
import { WebhookError } from '../../errors.js';
import { memoryNotificationHistory } from './memory-history.js';
import { DEFAULT_HISTORY_KEEP_MS, TIMELINE_ATTEMPTS, TIMELINE_LIMIT, type HistoryEntry } from './history.js';

const note = (notificationId: string) => ({ notificationId, title: 'T', body: 'B', targetUrl: 'https://app.example.com/' });
const sent = (fid: number, outcome: HistoryEntry['outcome'] = 'successful', final = true): HistoryEntry => ({
  fid,
  client: '9152',
  outcome,
  final,
});

describe('memoryNotificationHistory', () => {
  it('counts final outcomes only; an attempt tried again is in the timeline', async () => {
    const history = memoryNotificationHistory({ now: () => 5_000 });
    await history.record({
      notification: note('a'),
      at: 1_000,
      entries: [sent(1, 'rateLimited', false), { ...sent(2, 'failed'), reason: 'unknown' }],
    });
    await history.record({ notification: note('a'), at: 2_000, entries: [sent(1)] });
    expect(await history.get('a')).toMatchObject({
      startedAt: 1_000,
      updatedAt: 2_000,
      counts: { successful: 1, failed: 1, rateLimited: 0 },
      byReason: { unknown: 1 },
      byClient: { '9152': { successful: 1, failed: 1 } },
    });
    expect((await history.timeline(1))[0]!.attempts.map(({ outcome, final }) => `${outcome}:${final}`)).toEqual([
      'rateLimited:false',
      'successful:true',
    ]);
  });

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

  it(`keeps the last ${TIMELINE_LIMIT} notifications per user, and ${TIMELINE_ATTEMPTS} attempts each`, async () => {
    const history = memoryNotificationHistory();
    for (let index = 0; index < TIMELINE_LIMIT + 5; index++)
      await history.record({ notification: note(`n-${index}`), at: Date.now(), entries: [sent(7)] });
    for (let index = 0; index < TIMELINE_ATTEMPTS + 3; index++)
      await history.record({ notification: note('n-0b'), at: Date.now(), entries: [sent(8, 'failed', false)] });
    const timeline = await history.timeline(7);
    expect(timeline).toHaveLength(TIMELINE_LIMIT);
    expect(timeline[0]!.notificationId).toBe(`n-${TIMELINE_LIMIT + 4}`);
    expect(timeline.at(-1)!.notificationId).toBe('n-5');
    expect(await history.timeline(7, { limit: 3 })).toHaveLength(3);
    expect((await history.timeline(8))[0]!.attempts).toHaveLength(TIMELINE_ATTEMPTS);
  });

  it('defaults to 30 days, and refuses what cannot work with the fix', async () => {
    expect(DEFAULT_HISTORY_KEEP_MS).toBe(2_592_000_000);
    expect(() => memoryNotificationHistory({ keepMs: 0 })).toThrow(/memoryNotificationHistory\(\): `keepMs` must be a positive integer/);
    const history = memoryNotificationHistory();
    await expect(history.timeline(0)).rejects.toThrow(/`fid` must be a positive integer/);
    await expect(history.timeline(1, { limit: 101 })).rejects.toThrow(/`limit` must be an integer from 1 to 100/);
    await expect(history.list({ limit: 0 })).rejects.toBeInstanceOf(WebhookError);
    await expect(history.list({ cursor: 'nope' })).rejects.toThrow(/`cursor` is what the previous page answered/);
  });
});

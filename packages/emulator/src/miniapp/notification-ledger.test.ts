import { describe, expect, it } from 'vitest';
import { DAY_MS, DEDUPE_MS } from './notification-limits.js';
import { NotificationLedger } from './notification-ledger.js';

const owner = { fid: 3, appFid: 9152, webhookUrl: 'https://app.example.com/webhook', token: 't-3' };
const note = (notificationId: string, token = owner.token) => ({
  ...owner,
  token,
  notificationId,
  title: 'Hi',
  body: 'There',
  targetUrl: 'https://app.example.com/',
});
const T0 = Date.parse('2026-01-01T00:00:00Z');

// The windows by the clock the ledger is given: 24 hours cannot be waited for in a test.
describe('NotificationLedger, by the clock', () => {
  it('forgets a (user, notificationId) after 24 hours, so the same id is received again', () => {
    const ledger = new NotificationLedger({ intervalMs: 30_000, perDay: 100 }, 100);
    expect(ledger.take(note('daily'), T0)).toBe('delivered');
    expect(ledger.take(note('daily'), T0 + DEDUPE_MS - 1)).toBe('repeat');
    expect(ledger.take(note('daily'), T0 + DEDUPE_MS)).toBe('delivered');
    expect(ledger.received(3).map((item) => [item.notificationId, item.repeats])).toEqual([
      ['daily', 1],
      ['daily', 0],
    ]);
  });

  it('counts perDay over the last 24 hours, a rolling window, and the interval from the last one received', () => {
    const ledger = new NotificationLedger({ intervalMs: 30_000, perDay: 2 }, 100);
    expect(ledger.take(note('a'), T0)).toBe('delivered');
    expect(ledger.take(note('b'), T0 + 29_999)).toBe('rate_limited');
    expect(ledger.take(note('b'), T0 + 30_000)).toBe('delivered');
    expect(ledger.take(note('c'), T0 + 60_000)).toBe('rate_limited');
    expect(ledger.take(note('c'), T0 + DAY_MS - 1)).toBe('rate_limited');
    expect(ledger.take(note('c'), T0 + DAY_MS)).toBe('delivered');
    expect(ledger.take(note('d', 't-other'), T0 + 60_000)).toBe('delivered');
  });

  it('keeps the newest `limit` rows received, and forgets the rate state of the token used longest ago', () => {
    const ledger = new NotificationLedger({ intervalMs: 30_000, perDay: 100 }, 2);
    expect(ledger.take(note('1', 'a'), T0)).toBe('delivered');
    expect(ledger.take(note('2', 'b'), T0)).toBe('delivered');
    expect(ledger.take(note('3', 'c'), T0)).toBe('delivered');
    expect(ledger.received().map((item) => item.notificationId)).toEqual(['2', '3']);
    // Token a's interval was forgotten (the map kept b and c); c's is still kept.
    expect(ledger.take(note('4', 'a'), T0 + 1)).toBe('delivered');
    expect(ledger.take(note('5', 'c'), T0 + 1)).toBe('rate_limited');
  });
});

import { describe, expect, it } from 'vitest';
import { memoryNotificationLimiter } from './memory-limiter.js';

const alice = { fid: 1, appFid: 9152, token: 'tok-a' };
const bob = { fid: 2, appFid: 9152, token: 'tok-b' };

function clock(start = 1_000_000) {
  const time = { now: start };
  return { time, now: () => time.now };
}

describe('memoryNotificationLimiter', () => {
  it('allows a first notification, holds another within the interval until it ends, then allows it', async () => {
    const { time, now } = clock();
    const limiter = memoryNotificationLimiter({ intervalMs: 30_000, now });
    expect(await limiter.claim('n1', [alice, bob])).toEqual([{ outcome: 'allowed' }, { outcome: 'allowed' }]);
    time.now += 10_000;
    expect(await limiter.claim('n2', [alice])).toEqual([{ outcome: 'limited', retryAt: 1_030_000 }]);
    time.now = 1_030_000;
    expect(await limiter.claim('n2', [alice])).toEqual([{ outcome: 'allowed' }]);
  });

  it('starts a token’s interval again from the answer that confirms it, as the client counts from receipt', async () => {
    const { time, now } = clock();
    const limiter = memoryNotificationLimiter({ intervalMs: 30_000, now });
    await limiter.claim('n1', [alice, bob]);
    // The request took 5 s to reach the client and be answered; only alice was delivered.
    time.now += 5_000;
    await limiter.confirm('n1', [alice]);
    expect(await limiter.claim('n2', [alice, bob])).toEqual([
      { outcome: 'limited', retryAt: 1_035_000 },
      { outcome: 'limited', retryAt: 1_030_000 },
    ]);
    // A confirm of another notification than the token's last claim moves nothing.
    await limiter.confirm('n0', [bob]);
    time.now = 1_030_000;
    expect(await limiter.claim('n2', [alice, bob])).toEqual([{ outcome: 'limited', retryAt: 1_035_000 }, { outcome: 'allowed' }]);
  });

  it('allows a retry of the same notification within the interval without spending the day', async () => {
    const { time, now } = clock();
    const limiter = memoryNotificationLimiter({ intervalMs: 30_000, perDay: 2, now });
    await limiter.claim('n1', [alice]);
    time.now += 1_000;
    expect(await limiter.claim('n1', [alice])).toEqual([{ outcome: 'allowed' }]);
    time.now += 30_000;
    expect(await limiter.claim('n2', [alice])).toEqual([{ outcome: 'allowed' }]);
  });

  it('caps a token at perDay notifications a day, until the day is over', async () => {
    const { time, now } = clock();
    const limiter = memoryNotificationLimiter({ intervalMs: 1, perDay: 3, now });
    for (const id of ['a', 'b', 'c']) {
      expect(await limiter.claim(id, [alice])).toEqual([{ outcome: 'allowed' }]);
      time.now += 10;
    }
    expect(await limiter.claim('d', [alice])).toEqual([{ outcome: 'limited', retryAt: 1_000_000 + 86_400_000 }]);
    time.now = 1_000_000 + 86_400_000;
    expect(await limiter.claim('d', [alice])).toEqual([{ outcome: 'allowed' }]);
  });

  it('remembers a confirmed delivery of (user, client, notificationId) for dedupeMs', async () => {
    const { time, now } = clock();
    const limiter = memoryNotificationLimiter({ intervalMs: 1, dedupeMs: 5_000, now });
    await limiter.claim('n1', [alice]);
    await limiter.confirm('n1', [alice]);
    time.now += 100;
    expect(await limiter.claim('n1', [alice, bob])).toEqual([{ outcome: 'sent' }, { outcome: 'allowed' }]);
    // Another client of the same user is another delivery.
    expect(await limiter.claim('n1', [{ ...alice, appFid: 1, token: 'tok-a2' }])).toEqual([{ outcome: 'allowed' }]);
    time.now += 5_000;
    expect(await limiter.claim('n1', [alice])).toEqual([{ outcome: 'allowed' }]);
  });

  it('sweeps what has expired, so its memory follows the tokens notified within a day', async () => {
    const { time, now } = clock();
    const limiter = memoryNotificationLimiter({ intervalMs: 1, dedupeMs: 10, now });
    const targets = (from: number) =>
      Array.from({ length: 2_000 }, (_, index) => ({ fid: from + index, appFid: 1, token: `t${from + index}` }));
    await limiter.claim('n', targets(0));
    await limiter.confirm('n', targets(0));
    time.now += 86_400_000;
    // The first batch's entries are past both windows: a new batch sweeps them, and they read as new.
    await limiter.claim('n', targets(10_000));
    expect(await limiter.claim('n', targets(0).slice(0, 1))).toEqual([{ outcome: 'allowed' }]);
  });

  it('refuses limits that are not positive integers', () => {
    expect(() => memoryNotificationLimiter({ intervalMs: 0 })).toThrow(/`intervalMs` must be a positive integer/);
    expect(() => memoryNotificationLimiter({ perDay: 1.5 })).toThrow(/`perDay` must be a positive integer/);
  });
});

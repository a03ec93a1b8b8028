import {
  createBroadcasts,
  memoryBroadcastRecords,
  memoryNotificationLimiter,
  memoryTokenStore,
  WebhookError,
  type BroadcastsOptions,
} from '@social-webhooks/core';
import { describe, expect, it } from 'vitest';
import { broadcastSuite, notificationOf } from './support/broadcast-suite.js';

// Resumable broadcasts on the stores of one process: the shared suite, and the options' checks.
broadcastSuite('the memory stores', () => ({
  tokens: () => memoryTokenStore(),
  limiter: (limits) => memoryNotificationLimiter(limits ?? {}),
  records: (options) => memoryBroadcastRecords(options),
}));

describe('createBroadcasts() options and start()', () => {
  const options = (): BroadcastsOptions => ({
    store: memoryTokenStore(),
    limiter: memoryNotificationLimiter(),
    records: memoryBroadcastRecords(),
  });
  const refused = (call: () => unknown, message: RegExp) => {
    let error: unknown;
    try {
      call();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(WebhookError);
    expect(error).toMatchObject({ code: 'invalid_options', message: expect.stringMatching(message) });
  };

  it('refuses a missing limiter or records, and a lease shorter than a request', () => {
    refused(
      () => createBroadcasts({ ...options(), limiter: undefined as never }),
      /^@social-webhooks\/core: createBroadcasts\(\): `limiter` is required/,
    );
    refused(() => createBroadcasts({ ...options(), limiter: false as never }), /`limiter` is required/);
    refused(
      () => createBroadcasts({ ...options(), records: memoryTokenStore() as never }),
      /`records` must be a broadcast record store .*it has no create/,
    );
    refused(
      () => createBroadcasts({ ...options(), timeoutMs: 5_000, leaseMs: 5_500 }),
      /`leaseMs` must be an integer of at least timeoutMs \+ 1000 \(6000\)/,
    );
    refused(() => createBroadcasts({ ...options(), retires: 3 } as never), /unknown option `retires`/);
    refused(() => memoryBroadcastRecords({ keepMs: 0 }), /memoryBroadcastRecords\(\): `keepMs` must be a positive integer/);
  });

  it('start() records a FID, a list or all; refuses an audience it cannot record, pointing to notifier.send', async () => {
    const broadcasts = createBroadcasts({ ...options(), domain: 'app.example.com' });
    const one = await broadcasts.start(notificationOf('one'), { to: 7 });
    expect(one.id).toMatch(/^one:fids:[0-9a-f]{16}$/);
    expect((await broadcasts.start(notificationOf('one'), { to: [7] })).existing).toBe(true);
    expect((await broadcasts.start(notificationOf('one'), { to: [7, 8] })).existing).toBe(false);
    expect(await broadcasts.start(notificationOf('all'), { to: 'all' })).toMatchObject({ id: 'all', existing: false });
    const exclude = { all: true, exclude: [3] } as never;
    await expect(broadcasts.start(notificationOf('x'), { to: exclude })).rejects.toThrow(
      /createNotifier\(\)\.send\(notification, \{ to \}\)/,
    );
    await expect(broadcasts.start(notificationOf('x'), { to: [1, -2] })).rejects.toMatchObject({ code: 'invalid_options' });
    await expect(
      broadcasts.start({ ...notificationOf('x'), targetUrl: 'https://elsewhere.example/' }, { to: 'all' }),
    ).rejects.toMatchObject({
      code: 'invalid_options',
    });
    await expect(broadcasts.run({ timeLimitMs: 1_000 })).rejects.toThrow(
      /`timeLimitMs` must be an integer of at least timeoutMs \+ 1000 \(11000\)/,
    );
    await expect(broadcasts.run({ id: 'never-started' })).rejects.toThrow(/no broadcast "never-started"/);
    expect(await broadcasts.get('never-started')).toBeUndefined();
    expect(await broadcasts.get(one.id)).toMatchObject({ fids: 1, done: false, targets: 0, runs: 0, cursor: null });
  });
});

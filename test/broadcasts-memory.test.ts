import {
  createBroadcasts,
  createNotifier,
  MAX_BROADCAST_HELD,
  memoryBroadcastRecords,
  memoryNotificationLimiter,
  memoryTokenStore,
  WebhookError,
  type BroadcastsOptions,
} from '@social-webhooks/core';
import { afterAll, describe, expect, it } from 'vitest';
import { deliveriesOf, notificationOf, runUntilDone, slowFetch } from './support/broadcast-helpers.js';
import { broadcastCancelSuite } from './support/broadcast-cancel-suite.js';
import { broadcastSuite, type BroadcastBackend } from './support/broadcast-suite.js';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { fillTokens, range } from './support/token-fill.js';

// Resumable broadcasts on the stores of one process: the shared suites, and the options' checks.
const memoryBackend = (): BroadcastBackend => ({
  tokens: () => memoryTokenStore(),
  limiter: (limits) => memoryNotificationLimiter(limits ?? {}),
  records: (options) => memoryBroadcastRecords(options),
});
broadcastSuite('the memory stores', memoryBackend);
broadcastCancelSuite('the memory stores', memoryBackend);

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
    // exclude is taken out of a list at once: the same users as [7, 8], however spelt.
    const listed = await broadcasts.start(notificationOf('one'), { to: { fids: [9, 8, 7], exclude: [9] } });
    expect(listed).toMatchObject({ existing: true });
    const narrowed = await broadcasts.start(notificationOf('one'), { to: { client: 'https://api.farcaster.xyz/v1/frame-notifications' } });
    expect(narrowed.id).toMatch(/^one:audience:[0-9a-f]{16}$/);
    const where = { all: true, where: () => true } as never;
    await expect(broadcasts.start(notificationOf('x'), { to: where })).rejects.toThrow(
      /`where` is a function, which a queued job or a broadcast’s record cannot carry.*createNotifier\(\)\.send\(\)/,
    );
    await expect(broadcasts.start(notificationOf('x'), { to: { fids: new Set([1]) } as never })).rejects.toThrow(/`fids` is an iterable/);
    await expect(broadcasts.start(notificationOf('x'), { to: 'all', expiresAt: 1_800_000_000 })).rejects.toThrow(
      /reads as seconds since the epoch/,
    );
    await expect(broadcasts.start(notificationOf('x'), undefined as never)).rejects.toThrow(/the second argument is `\{ to \}`/);
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

describe('resumable broadcasts: a store without listPagesFrom, failed requests, a client that refuses', () => {
  const clients: StandInClient[] = [];
  afterAll(() => Promise.all(clients.map((client) => client.close())));
  const standIn = async (options?: Parameters<typeof startNotificationClient>[0]) => {
    const client = await startNotificationClient(options);
    clients.push(client);
    return client;
  };
  const quiet = { timeoutMs: 500, retryDelayMs: 10, logger: false } as const;

  it('reads a store without listPagesFrom from the start on every run: the limiter answers alreadySent for whom it reached', async () => {
    const client = await standIn();
    const tokens = memoryTokenStore();
    const fids = range(600, 1);
    await fillTokens(tokens, client, fids);
    // Only what a store must have, and listPages: no cursor to resume from.
    const store = {
      save: tokens.save,
      delete: tokens.delete,
      get: tokens.get,
      list: tokens.list,
      listPages: tokens.listPages!.bind(tokens),
    };
    const broadcasts = createBroadcasts({
      ...quiet,
      store,
      limiter: memoryNotificationLimiter(),
      records: memoryBroadcastRecords(),
      fetch: slowFetch(40),
      concurrency: 1,
    });
    const { id } = await broadcasts.start(notificationOf('no-cursor'), { to: 'all' });
    expect(await runUntilDone(broadcasts, 1_700)).toBeGreaterThan(1);
    expect(deliveriesOf(client, 'no-cursor', fids).filter((count) => count !== 1)).toEqual([]);
    expect(client.duplicates).toBe(0);
    const progress = (await broadcasts.get(id))!;
    // Each run read from the start: the earlier runs' users are counted again, as alreadySent.
    expect(progress).toMatchObject({ done: true, successful: 600, failed: {}, cursor: null });
    expect(progress.alreadySent).toBeGreaterThan(0);
    expect(progress.targets).toBe(600 + progress.alreadySent);
  });

  it('holds the targets of a failed request and sends them again under the same notificationId; gives up after `retries`', async () => {
    const client = await standIn();
    const store = memoryTokenStore();
    const fids = range(250, 1);
    await fillTokens(store, client, fids);
    client.fault({ count: 2, status: 503 });
    const broadcasts = createBroadcasts({ ...quiet, store, limiter: memoryNotificationLimiter(), records: memoryBroadcastRecords() });
    const { id } = await broadcasts.start(notificationOf('retried'), { to: 'all' });
    expect(await runUntilDone(broadcasts, 2_000)).toBeLessThanOrEqual(2);
    expect(deliveriesOf(client, 'retried', fids).filter((count) => count !== 1)).toEqual([]);
    expect(await broadcasts.get(id)).toMatchObject({ done: true, targets: 250, successful: 250, retrying: 0, failed: {} });

    client.fault({ count: 100, status: 500 });
    const failing = createBroadcasts({
      ...quiet,
      store,
      limiter: memoryNotificationLimiter(),
      records: memoryBroadcastRecords(),
      retries: 1,
    });
    const { id: failed } = await failing.start(notificationOf('failing'), { to: fids.slice(0, 50) });
    await runUntilDone(failing, 2_000);
    expect(await failing.get(failed)).toMatchObject({ done: true, requests: 2, successful: 0, failed: { 'the client answered 500': 50 } });
  });

  it('once MAX_BROADCAST_HELD rate-limited targets are held in the record, reads no further until they are sent', async () => {
    const client = await standIn();
    const store = memoryTokenStore();
    const limiter = memoryNotificationLimiter({ intervalMs: 2_500 });
    const fids = range(1_500, 1);
    await fillTokens(store, client, fids);
    await createNotifier({ store, limiter, logger: false, rateLimitWaitMs: 0 }).send(notificationOf('before'), { to: 'all' });
    const broadcasts = createBroadcasts({ ...quiet, store, limiter, records: memoryBroadcastRecords() });
    const { id } = await broadcasts.start(notificationOf('after'), { to: 'all' });
    await broadcasts.run({ timeLimitMs: 2_000 });
    const held = (await broadcasts.get(id))!;
    expect(held).toMatchObject({ done: false, listed: false, successful: 0, rateLimited: MAX_BROADCAST_HELD, targets: MAX_BROADCAST_HELD });
    await new Promise((resolve) => setTimeout(resolve, held.retryAt! - Date.now() + 50));
    await runUntilDone(broadcasts, 2_000);
    expect(await broadcasts.get(id)).toMatchObject({ done: true, targets: 1_500, successful: 1_500, rateLimited: 0 });
    expect(deliveriesOf(client, 'after', fids).filter((count) => count !== 1)).toEqual([]);
  });

  it('stops sending to a client that refuses the notification itself, counting its other targets remaining', async () => {
    const client = await standIn({ domain: 'other.example.com' });
    const store = memoryTokenStore();
    await fillTokens(store, client, range(300, 1));
    const broadcasts = createBroadcasts({
      ...quiet,
      store,
      limiter: memoryNotificationLimiter(),
      records: memoryBroadcastRecords(),
      concurrency: 1,
    });
    const { id } = await broadcasts.start(notificationOf('refused'), { to: 'all' });
    await runUntilDone(broadcasts, 5_000);
    const progress = (await broadcasts.get(id))!;
    expect(progress).toMatchObject({ done: true, targets: 300, successful: 0, failed: { domain_mismatch: 100 }, remaining: 200 });
    expect(progress.stopped).toEqual([{ url: client.url, reason: 'domain_mismatch' }]);
  });
});

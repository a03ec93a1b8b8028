import {
  createBroadcasts,
  createNotifier,
  type BroadcastRecordStore,
  type BroadcastsOptions,
  type NotificationLimiter,
  type NotificationTokenStore,
} from '@social-webhooks/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotificationClient, type StandInClient } from './notification-client.js';
import { enabledAudienceSuite } from './broadcast-enabled.js';
import { deliveriesOf, notificationOf, runUntilDone, slowFetch } from './broadcast-helpers.js';
import { fillTokens, range } from './token-fill.js';

/** Fresh stores of one backend: each call a store of its own (a fresh prefix or table prefix). */
export interface BroadcastBackend {
  readonly tokens: () => NotificationTokenStore;
  readonly limiter: (limits?: { readonly intervalMs: number }) => NotificationLimiter;
  readonly records: (options?: { readonly keepMs: number }) => BroadcastRecordStore;
}

/**
 * What every broadcast record store must do with its backend's token store and limiter, against the
 * strict stand-in client: a broadcast under a small time limit takes several runs and reaches each
 * user once; two overlapping runs work a broadcast once, and a lease run out is taken over;
 * rate-limited targets wait in the record for a later run; a list of FIDs is resumed by position; the
 * counts are what the client saw; an audience by enabled time reaches nobody outside it (broadcast-enabled.ts).
 */
export function broadcastSuite(name: string, backend: () => BroadcastBackend): void {
  enabledAudienceSuite(name, backend);
  describe(`resumable broadcasts on ${name}`, () => {
    let client: StandInClient;
    let serial = 0;
    let nextFid = 100_000;
    beforeAll(async () => {
      client = await startNotificationClient();
    });
    afterAll(() => client?.close());
    const users = (count: number) => range(count, (nextFid += 10_000));
    const setup = (options: Partial<BroadcastsOptions> & { intervalMs?: number } = {}) => {
      const stores = backend();
      const { intervalMs, ...rest } = options;
      const shared = {
        store: stores.tokens(),
        limiter: stores.limiter(intervalMs === undefined ? undefined : { intervalMs }),
        records: stores.records(),
      };
      const make = (more: Partial<BroadcastsOptions> = {}) =>
        createBroadcasts({ ...shared, timeoutMs: 500, retryDelayMs: 10, logger: false, ...rest, ...more });
      return { ...shared, make, broadcasts: make() };
    };

    it('a broadcast to 1,200 users under a small time limit takes several runs, reaches each user once, and counts what the client saw', async () => {
      const started: number[] = [];
      const { store, broadcasts } = setup({ fetch: slowFetch(40, started), concurrency: 2 });
      const fids = users(1_200);
      await fillTokens(store, client, fids);
      const id = `several-${++serial}`;
      const first = await broadcasts.start(notificationOf(id), { to: 'all' });
      expect(first).toMatchObject({ id, existing: false });
      expect(await broadcasts.start(notificationOf(id), { to: 'all' })).toEqual({ ...first, existing: true });
      let runs = 0;
      for (let done = false; !done; runs++) {
        expect(runs).toBeLessThan(100);
        const from = started.length;
        const deadline = Date.now() + 1_700;
        done = (await broadcasts.run({ timeLimitMs: 1_700 })).done;
        // No request started that its timeout could have carried past the run's time limit.
        expect(started.slice(from).every((at) => at + 500 <= deadline)).toBe(true);
      }
      expect(runs).toBeGreaterThan(1);
      expect(deliveriesOf(client, id, fids).filter((count) => count !== 1)).toEqual([]);
      expect(client.violations).toEqual([]);
      const progress = await broadcasts.get(id);
      expect(progress).toMatchObject({ done: true, listed: true, cursor: null, targets: 1_200, successful: 1_200, alreadySent: 0 });
      expect(progress).toMatchObject({ invalid: 0, failed: {}, remaining: 0, rateLimited: 0, retrying: 0, unsent: 0, runs });
      expect(progress!.requests).toBe(client.requests.filter((request) => request.notificationId === id).length);
      expect(await broadcasts.run({ timeLimitMs: 1_700 })).toEqual({ done: true, broadcasts: [], busy: [] });
    });

    it('a broadcast started with `at` ahead is left alone by run() until then, then sent; progress reads scheduledAt', async () => {
      const { store, broadcasts } = setup();
      const fids = users(30);
      await fillTokens(store, client, fids);
      const id = `later-${++serial}`;
      const at = Date.now() + 1_000;
      await broadcasts.start(notificationOf(id), { to: fids, at: new Date(at) });
      const early = await broadcasts.run({ timeLimitMs: 1_700 });
      expect(early.done).toBe(false);
      expect(deliveriesOf(client, id, fids).filter((count) => count !== 0)).toEqual([]);
      const { id: recorded } = await broadcasts.start(notificationOf(id), { to: fids, at });
      expect(await broadcasts.get(recorded)).toMatchObject({ scheduledAt: at, targets: 0, runs: 0, done: false });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
      await runUntilDone(broadcasts, 1_700, recorded);
      expect(deliveriesOf(client, id, fids).filter((count) => count !== 1)).toEqual([]);
      expect(await broadcasts.get(recorded)).toMatchObject({ scheduledAt: at, successful: 30, done: true });
    });

    it('two overlapping runs: one works the broadcast, the other sees the lease; a lease run out is taken over', async () => {
      const { store, records, make } = setup({ fetch: slowFetch(100), concurrency: 1 });
      const fids = users(300);
      await fillTokens(store, client, fids);
      const [one, other] = [make(), make()];
      const id = `overlap-${++serial}`;
      await one.start(notificationOf(id), { to: 'all' });
      const runs = await Promise.all([one.run({ timeLimitMs: 10_000 }), other.run({ timeLimitMs: 10_000 })]);
      const busy = runs.filter((run) => run.busy.includes(id));
      const worked = runs.filter((run) => run.broadcasts.some((progress) => progress.id === id));
      expect([busy.length, worked.length]).toEqual([1, 1]);
      expect(busy[0]).toMatchObject({ done: false, broadcasts: [] });
      expect(worked[0]).toMatchObject({ done: true, busy: [] });
      expect(deliveriesOf(client, id, fids).filter((count) => count !== 1)).toEqual([]);

      // A run that took the lease and died: the next run waits for the lease to run out, then goes on.
      const others = users(100);
      await fillTokens(store, client, others);
      const later = `abandoned-${++serial}`;
      const { id: laterId } = await one.start(notificationOf(later), { to: others });
      expect(await records.acquire(laterId, 'a-run-that-died', 400)).toBe(true);
      expect(await other.run({ timeLimitMs: 10_000, id: laterId })).toMatchObject({ done: false, busy: [laterId] });
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await other.run({ timeLimitMs: 10_000, id: laterId })).toMatchObject({ done: true, busy: [] });
      expect(deliveriesOf(client, later, others).filter((count) => count !== 1)).toEqual([]);
    });

    it('holds rate-limited targets in the record for the next run rather than waiting past the time limit', async () => {
      const { store, limiter, broadcasts } = setup({ intervalMs: 6_000 });
      const fids = users(150);
      await fillTokens(store, client, fids);
      const warm = `warm-${++serial}`;
      const notifier = createNotifier({ store, limiter, logger: false, rateLimitWaitMs: 0 });
      expect(await notifier.send(notificationOf(warm), { to: 'all' })).toMatchObject({ successful: 150 });
      const id = `held-${serial}`;
      await broadcasts.start(notificationOf(id), { to: 'all' });
      // The interval ends after the run's time limit: the run holds the targets rather than wait.
      // 2.5 s for the step (the time limit less a request's timeout and the margin): a store over HTTP on a busy machine.
      const first = await broadcasts.run({ timeLimitMs: 4_000 });
      expect(first.done).toBe(false);
      const held = await broadcasts.get(id);
      expect(held).toMatchObject({ done: false, listed: true, targets: 150, successful: 0, rateLimited: 150 });
      expect(deliveriesOf(client, id, fids).every((count) => count === 0)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, held!.retryAt! - Date.now()) + 50));
      expect(await runUntilDone(broadcasts, 4_000)).toBeLessThanOrEqual(3);
      expect(await broadcasts.get(id)).toMatchObject({ done: true, successful: 150, rateLimited: 0 });
      expect(deliveriesOf(client, id, fids).filter((count) => count !== 1)).toEqual([]);
    });

    it('a record lapses keepMs after it was created: no longer read nor listed unfinished, and started anew', async () => {
      const records = backend().records({ keepMs: 1_500 });
      const plan = { notification: notificationOf('lapsing'), to: 'all' as const };
      const state = {
        cursor: null,
        listed: false,
        counts: { targets: 0, requests: 0, successful: 0, alreadySent: 0, invalid: 0, failed: {}, remaining: 0 },
        held: [],
        stopped: [],
        runs: 0,
        done: false,
      };
      const record = { id: 'lapsing', createdAt: Date.now(), plan, state };
      expect(await records.create(record)).toEqual({ created: true, record });
      expect(await records.create({ ...record, createdAt: 1 })).toEqual({ created: false, record });
      expect(await records.unfinished(10)).toEqual(['lapsing']);
      expect(await records.acquire('lapsing', 'run-1', 5_000)).toBe(true);
      expect(await records.acquire('lapsing', 'run-2', 5_000)).toBe(false);
      expect(await records.save('lapsing', 'run-2', { ...state, runs: 9 }, 5_000)).toBe(false);
      expect(await records.save('lapsing', 'run-1', { ...state, runs: 1, cursor: '42' }, 5_000)).toBe(true);
      expect((await records.get('lapsing'))?.state).toMatchObject({ runs: 1, cursor: '42' });
      await records.release('lapsing', 'run-1');
      expect(await records.acquire('lapsing', 'run-2', 5_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      expect(await records.get('lapsing')).toBeUndefined();
      expect(await records.unfinished(10)).toEqual([]);
      expect(await records.acquire('lapsing', 'run-3', 5_000)).toBe(false);
      const again = { ...record, createdAt: Date.now() };
      expect(await records.create(again)).toEqual({ created: true, record: again });
      expect(await records.save('lapsing', 'run-3', { ...state, done: true }, 5_000)).toBe(false);
    });

    it('a list of FIDs is resumed by position: users without a token skipped, an invalid token removed, each counted once', async () => {
      const { store, broadcasts } = setup({ fetch: slowFetch(40), concurrency: 1 });
      const fids = users(450);
      const tokens = await fillTokens(store, client, fids.slice(0, 400));
      client.revoke(tokens[7]!);
      const id = `list-${++serial}`;
      // In any order, repeated: the same broadcast.
      const { id: broadcast } = await broadcasts.start(notificationOf(id), { to: [...fids].reverse().concat(fids[0]!) });
      expect((await broadcasts.start(notificationOf(id), { to: fids })).existing).toBe(true);
      expect(await runUntilDone(broadcasts, 1_600, broadcast)).toBeGreaterThan(1);
      expect(await broadcasts.get(broadcast)).toMatchObject({ done: true, fids: 450, targets: 400, successful: 399, invalid: 1 });
      expect(await store.get(fids[7]!)).toEqual([]);
      expect(deliveriesOf(client, id, fids.slice(0, 400)).filter((count) => count !== 1)).toEqual([0]);
    });

    it('an audience narrowed by exclude and client reaches only whom it allows, over several runs, kept by the record', async () => {
      const { store, broadcasts } = setup({ fetch: slowFetch(40), concurrency: 1 });
      const [ours, theirs] = [users(800), users(100)];
      await fillTokens(store, client, ours);
      await fillTokens(store, client, theirs, 309_857);
      const id = `narrowed-${++serial}`;
      const excluded = ours.slice(0, 20);
      const { id: broadcast } = await broadcasts.start(notificationOf(id), { to: { all: true, exclude: excluded, client: 9152 } });
      expect(broadcast).toMatch(new RegExp(`^${id}:audience:[0-9a-f]{16}$`));
      const spelt = { all: true as const, exclude: [...excluded].reverse().concat(excluded[0]!), client: 9152 };
      expect(await broadcasts.start(notificationOf(id), { to: spelt })).toMatchObject({ id: broadcast, existing: true });
      expect(await runUntilDone(broadcasts, 1_600, broadcast)).toBeGreaterThan(1);
      expect(deliveriesOf(client, id, ours.slice(20)).filter((count) => count !== 1)).toEqual([]);
      expect(deliveriesOf(client, id, [...excluded, ...theirs]).filter((count) => count !== 0)).toEqual([]);
      expect(await broadcasts.get(broadcast)).toMatchObject({ done: true, targets: 780, successful: 780, expired: 0 });
    });

    it('past expiresAt a run sends nothing more: what was left is counted expired, and sent + expired is every target', async () => {
      const { store, broadcasts } = setup({ fetch: slowFetch(40), concurrency: 1 });
      const fids = users(900);
      await fillTokens(store, client, fids);
      const id = `expiring-${++serial}`;
      const expiresAt = Date.now() + 4_000;
      const { id: broadcast } = await broadcasts.start(notificationOf(id), { to: 'all', expiresAt: new Date(expiresAt) });
      expect((await broadcasts.run({ timeLimitMs: 1_600, id: broadcast })).done).toBe(false);
      const sent = (await broadcasts.get(broadcast))!.successful;
      expect(sent).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, expiresAt - Date.now() + 50));
      const requests = client.requests.length;
      await runUntilDone(broadcasts, 1_600, broadcast);
      expect(client.requests.length).toBe(requests);
      const progress = (await broadcasts.get(broadcast))!;
      expect(progress).toMatchObject({ done: true, successful: sent, expiresAt, targets: 900 });
      expect(progress.successful + progress.expired + progress.unsent).toBe(900);
      expect(deliveriesOf(client, id, fids).filter((count) => count > 1)).toEqual([]);
    });
  });
}

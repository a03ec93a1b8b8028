import { runCli, type CliIo } from '@social-webhooks/cli';
import {
  createBroadcasts,
  type BroadcastRecordStore,
  type BroadcastsOptions,
  type NotificationHistory,
  type NotificationLimiter,
  type NotificationTokenStore,
} from '@social-webhooks/core';
import { describe, expect, it } from 'vitest';
import { deliveriesOf, notificationOf } from './broadcast-helpers.js';
import { startNotificationClient } from './notification-client.js';
import { pollUntil } from './queue-processes.js';
import { range } from './token-fill.js';

/** One `createBroadcasts` app's stores on a backend, and the command-line flags that name its records and history. */
export interface CancelRecordsBackend {
  /** Stores of their own for one case (`tag`): the history is the one the CLI writes by default (Redis's default prefix, or the tables'). */
  stores(tag: string): Promise<{
    readonly store: NotificationTokenStore;
    readonly limiter: NotificationLimiter;
    readonly records: BroadcastRecordStore;
    readonly history: NotificationHistory;
  }>;
  /** `cancel`'s flags and environment for those records (`--records --redis URL --prefix P`, or the Upstash variables). */
  cli(tag: string): { readonly args: readonly string[]; readonly env: Readonly<Record<string, string>> };
}

/** Runs `social-webhooks ARGS` in this process, as the CLI's own tests do. */
export async function cli(args: readonly string[], env: Readonly<Record<string, string>> = {}) {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env: { ...env }, cwd: process.cwd() };
  const code = await runCli([...args], io);
  return { code, ...out };
}

/** Saves a token the stand-in issued for each of `fids`, 100 at once. */
async function fill(store: NotificationTokenStore, client: { url: string; issue(fid: number): string }, fids: number[]): Promise<void> {
  for (let at = 0; at < fids.length; at += 100) {
    await Promise.all(fids.slice(at, at + 100).map((fid) => store.save({ fid, appFid: 9152, url: client.url, token: client.issue(fid) })));
  }
}

/**
 * `social-webhooks cancel ID --records …` against broadcasts an app (this process) started with
 * `createBroadcasts` on `backend`, sent to a strict stand-in client that takes each request 100 to
 * 200 ms late: one a run is sending is stopped (the client takes nothing after the command returned,
 * and the record's and the history's counts add up); one never run is `not-started`; one whose run
 * left targets held (rate-limited by our limiter) is closed by the command, which counts them
 * `cancelled` in the record and in the history (none with `--no-history`); `finished-already` and
 * `unknown` exit 1.
 */
export function cliCancelRecordsSuite(name: string, backend: CancelRecordsBackend): void {
  describe(`cancel --records on ${name}`, () => {
    let serial = 0;
    const setup = (stores: Pick<BroadcastsOptions, 'store' | 'limiter' | 'records' | 'history'>) =>
      createBroadcasts({ ...stores, timeoutMs: 1_000, retryDelayMs: 10, logger: false, concurrency: 2 });

    it('stops a broadcast a run is sending: the client takes nothing after the command returned, sent + cancelled = targets, in the record and the history', async () => {
      const tag = `stop${++serial}`;
      const stores = await backend.stores(tag);
      const { args, env } = backend.cli(tag);
      const client = await startNotificationClient();
      try {
        const fids = range(2_000);
        for (let index = 0; index < 20; index++) client.fault({ count: 1, delayMs: 100 + ((index * 37) % 101) });
        await fill(stores.store, client, fids);
        // Unknown before it starts: exit 1 (and the command's modules loaded before the race below).
        expect(await cli(['cancel', `${name}-${tag}`, ...args], env)).toMatchObject({ code: 1 });
        const broadcasts = setup(stores);
        const notificationId = `${name}-${tag}`;
        const { id } = await broadcasts.start(notificationOf(notificationId), { to: 'all' });
        const running = broadcasts.run({ timeLimitMs: 30_000, id });
        await pollUntil(
          async () => client.requests.length,
          (count) => count >= 3,
          20_000,
        );
        const cancelled = await cli(['cancel', id, ...args], env);
        const returned = Date.now();
        expect(cancelled.code, cancelled.stderr).toBe(0);
        expect(cancelled.stdout).toContain(`${id}: stopped, stopped: what was sent stays sent`);
        expect(await running).toMatchObject({ done: true, busy: [] });
        // Longer than a request could still take to arrive (200 ms late at most).
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(client.requests.filter((request) => request.at > returned)).toEqual([]);
        const delivered = client.requests.reduce((sum, request) => sum + request.tokens, 0);
        const progress = (await broadcasts.get(id))!;
        expect(progress).toMatchObject({ done: true, successful: delivered, cancelledAt: expect.any(Number) });
        expect(progress.successful).toBeGreaterThan(0);
        expect(progress.cancelled).toBeGreaterThan(0);
        expect(progress.successful + progress.cancelled).toBe(progress.targets);
        expect(deliveriesOf(client, notificationId, fids).filter((count) => count > 1)).toEqual([]);
        expect((await stores.history.get(notificationId))?.counts).toMatchObject({ successful: delivered, cancelled: progress.cancelled });

        const again = await cli(['cancel', id, ...args, '--json'], env);
        expect(again.code, again.stderr).toBe(0);
        expect(JSON.parse(again.stdout)).toEqual({ id, cancelled: 'cancelled-already', records: expect.any(String) });
      } finally {
        await client.close();
      }
    });

    it('cancels a broadcast no run has worked on (scheduled by `at`): not-started, and no run sends it', async () => {
      const tag = `later${++serial}`;
      const stores = await backend.stores(tag);
      const { args, env } = backend.cli(tag);
      const client = await startNotificationClient();
      try {
        const fids = range(120);
        await fill(stores.store, client, fids);
        const broadcasts = setup(stores);
        const { id } = await broadcasts.start(notificationOf(`${name}-${tag}`), { to: fids, at: Date.now() + 3_600_000 });
        const cancelled = await cli(['cancel', id, ...args, '--json'], env);
        expect(cancelled.code, cancelled.stderr).toBe(0);
        expect(JSON.parse(cancelled.stdout)).toMatchObject({ id, cancelled: 'not-started' });
        expect(await broadcasts.get(id)).toMatchObject({ done: true, runs: 0, targets: 0, cancelled: 0, cancelledAt: expect.any(Number) });
        expect(await broadcasts.run({ timeLimitMs: 5_000 })).toEqual({ done: true, broadcasts: [], busy: [] });
        expect(client.requests).toEqual([]);
      } finally {
        await client.close();
      }
    });

    it('closes a broadcast whose run left its targets held: they are counted cancelled in the record and in the history (none with --no-history); finished-already exits 1', async () => {
      const tag = `held${++serial}`;
      const stores = await backend.stores(tag);
      const { args, env } = backend.cli(tag);
      const client = await startNotificationClient();
      try {
        const fids = range(50);
        await fill(stores.store, client, fids);
        // The app's own history is elsewhere: what the shared one holds of `next` and `quiet`, the command wrote.
        const { history, ...rest } = stores;
        const broadcasts = setup(rest);
        const ids = { first: `${name}-${tag}-first`, next: `${name}-${tag}-next`, quiet: `${name}-${tag}-quiet` };
        const first = await broadcasts.start(notificationOf(ids.first), { to: 'all' });
        expect(await broadcasts.run({ timeLimitMs: 5_000, id: first.id })).toMatchObject({ done: true });
        // Within the limiter's 30 seconds of the first: every target held for a later run.
        const next = await broadcasts.start(notificationOf(ids.next), { to: 'all' });
        const quiet = await broadcasts.start(notificationOf(ids.quiet), { to: 'all' });
        expect(await broadcasts.run({ timeLimitMs: 5_000 })).toMatchObject({ done: false });
        expect(await broadcasts.get(next.id)).toMatchObject({ done: false, rateLimited: 50 });

        const cancelled = await cli(['cancel', next.id, ...args], env);
        expect(cancelled.code, cancelled.stderr).toBe(0);
        expect(cancelled.stdout).toContain(`${next.id}: stopped`);
        expect(await broadcasts.get(next.id)).toMatchObject({ done: true, successful: 0, cancelled: 50, targets: 50 });
        expect((await history.get(ids.next))?.counts).toMatchObject({ successful: 0, cancelled: 50 });
        expect(await cli(['cancel', quiet.id, ...args, '--no-history'], env)).toMatchObject({ code: 0 });
        expect(await broadcasts.get(quiet.id)).toMatchObject({ done: true, cancelled: 50 });
        expect(await history.get(ids.quiet)).toBeUndefined();

        const finished = await cli(['cancel', first.id, ...args], env);
        expect(finished.code).toBe(1);
        expect(finished.stdout).toContain(`${first.id}: finished-already`);
        expect(client.requests.reduce((sum, request) => sum + request.tokens, 0)).toBe(50);
      } finally {
        await client.close();
      }
    });
  });
}

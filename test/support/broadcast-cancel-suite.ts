import { createBroadcasts, memoryNotificationHistory, WebhookError, type BroadcastsOptions } from '@social-webhooks/core';
import { describe, expect, it } from 'vitest';
import type { BroadcastBackend } from './broadcast-suite.js';
import { deliveriesOf, notificationOf } from './broadcast-helpers.js';
import { startNotificationClient } from './notification-client.js';
import { pollUntil } from './queue-processes.js';
import { fillTokens, range } from './token-fill.js';

/**
 * What every broadcast record store must do for `broadcasts.cancel(id)`, against a strict stand-in
 * client that takes each request 100 to 200 ms late (as real clients answer) and notes when it took
 * it: a broadcast stopped mid-way by another instance while a run sends it, the client taking nothing
 * after cancel() resolved; one never run is cancelled before it sends; one whose run died holding the
 * lease is closed by the next run; the answers for a finished and an unknown id. Each case has fresh
 * stores (a `backend()` of its own) and a client of its own.
 */
export function broadcastCancelSuite(name: string, backend: () => BroadcastBackend): void {
  describe(`broadcasts.cancel() on ${name}`, () => {
    let serial = 0;
    const setup = async (slowRequests: number) => {
      const client = await startNotificationClient();
      for (let index = 0; index < slowRequests; index++) client.fault({ count: 1, delayMs: 100 + ((index * 37) % 101) });
      const stores = backend();
      const shared = { store: stores.tokens(), limiter: stores.limiter(), records: stores.records(), history: memoryNotificationHistory() };
      const make = (more: Partial<BroadcastsOptions> = {}) =>
        createBroadcasts({ ...shared, timeoutMs: 1_000, retryDelayMs: 10, logger: false, concurrency: 2, ...more });
      return { client, ...shared, make };
    };

    it('stops a broadcast a run is sending, from another instance: the client takes nothing after cancel() resolved, sent + cancelled = read', async () => {
      const { client, store, history, make } = await setup(60);
      try {
        const fids = range(1_200);
        await fillTokens(store, client, fids);
        const [sender, canceller] = [make(), make()];
        const notificationId = `stop-${++serial}`;
        const { id } = await sender.start(notificationOf(notificationId), { to: 'all' });
        const running = sender.run({ timeLimitMs: 30_000, id });
        await pollUntil(
          async () => client.requests.length,
          (count) => count >= 3,
          20_000,
        );
        expect(await canceller.cancel(id)).toEqual({ id, cancelled: 'stopped' });
        const returned = Date.now();
        const run = await running;
        expect(run).toMatchObject({ done: true, busy: [] });
        // Longer than a request could still take to arrive (200 ms late at most).
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(client.requests.filter((request) => request.at > returned)).toEqual([]);
        const delivered = client.requests.reduce((sum, request) => sum + request.tokens, 0);
        const progress = (await sender.get(id))!;
        expect(progress).toMatchObject({ done: true, successful: delivered, cancelledAt: expect.any(Number), rateLimited: 0, retrying: 0 });
        // At least the 3 requests taken before cancel(); a page of the store may hold fewer than 100 tokens.
        expect(progress.requests).toBeGreaterThanOrEqual(3);
        expect(progress.successful).toBeGreaterThan(0);
        expect(progress.cancelled).toBeGreaterThan(0);
        expect(progress.successful + progress.cancelled).toBe(progress.targets);
        expect(deliveriesOf(client, notificationId, fids).filter((count) => count > 1)).toEqual([]);
        expect((await history.get(notificationId))?.counts).toMatchObject({ successful: delivered, cancelled: progress.cancelled });

        // A later run sends nothing, and a second cancel says the first did.
        const requests = client.requests.length;
        expect(await sender.run({ timeLimitMs: 5_000 })).toEqual({ done: true, broadcasts: [], busy: [] });
        expect(client.requests.length).toBe(requests);
        expect(await canceller.cancel(id)).toEqual({ id, cancelled: 'cancelled-already' });
      } finally {
        await client.close();
      }
    });

    it('cancels a broadcast no run has worked on (scheduled by `at`): not-started, done, and no run sends it', async () => {
      const { client, store, make } = await setup(0);
      try {
        const fids = range(120);
        await fillTokens(store, client, fids);
        const broadcasts = make();
        const { id } = await broadcasts.start(notificationOf(`later-${++serial}`), { to: fids, at: Date.now() + 3_600_000 });
        expect(await broadcasts.cancel(id)).toEqual({ id, cancelled: 'not-started' });
        expect(await broadcasts.get(id)).toMatchObject({ done: true, runs: 0, targets: 0, cancelled: 0, cancelledAt: expect.any(Number) });
        expect(await broadcasts.start(notificationOf(`later-${serial}`), { to: fids })).toMatchObject({ id, existing: true });
        expect(await broadcasts.run({ timeLimitMs: 5_000 })).toEqual({ done: true, broadcasts: [], busy: [] });
        expect(client.requests).toEqual([]);
      } finally {
        await client.close();
      }
    });

    it('a run holding the lease when cancel() came (then killed): stopped, and the next run closes it sending nothing', async () => {
      const { client, store, records, make } = await setup(0);
      try {
        const fids = range(150);
        await fillTokens(store, client, fids);
        const broadcasts = make();
        const { id } = await broadcasts.start(notificationOf(`held-${++serial}`), { to: 'all' });
        expect(await records.acquire(id, 'a-run-that-died', 400)).toBe(true);
        expect(await broadcasts.cancel(id)).toEqual({ id, cancelled: 'stopped' });
        expect(await broadcasts.get(id)).toMatchObject({ done: false, cancelledAt: expect.any(Number) });
        await new Promise((resolve) => setTimeout(resolve, 450));
        expect(await broadcasts.run({ timeLimitMs: 5_000 })).toMatchObject({ done: true, busy: [] });
        expect(await broadcasts.get(id)).toMatchObject({ done: true, successful: 0, cancelled: 0 });
        expect(client.requests).toEqual([]);
      } finally {
        await client.close();
      }
    });

    it('answers finished-already for a broadcast done, unknown for an id never started, and refuses an empty id', async () => {
      const { client, store, make } = await setup(0);
      try {
        const fids = range(50);
        await fillTokens(store, client, fids);
        const broadcasts = make();
        const { id } = await broadcasts.start(notificationOf(`done-${++serial}`), { to: fids });
        expect(await broadcasts.run({ timeLimitMs: 5_000, id })).toMatchObject({ done: true });
        expect(await broadcasts.cancel(id)).toEqual({ id, cancelled: 'finished-already' });
        expect(await broadcasts.get(id)).toMatchObject({ successful: 50, cancelled: 0, cancelledAt: undefined });
        expect(await broadcasts.cancel('never-started')).toEqual({ id: 'never-started', cancelled: 'unknown' });
        await expect(broadcasts.cancel('')).rejects.toThrow(WebhookError);
      } finally {
        await client.close();
      }
    });
  });
}

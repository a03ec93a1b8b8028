import {
  createBroadcasts,
  createNotifier,
  memoryBroadcastRecords,
  memoryNotificationHistory,
  memoryNotificationLimiter,
  memoryTokenStore,
  type NotificationHistory,
} from '@social-webhooks/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  deliveredTo,
  digest,
  expectHistoryOf,
  goodUsers,
  historyClients,
  OTHER_FID,
  otherUsers,
  revokedUsers,
  WARPCAST_FID,
} from './support/history-scenario.js';
import type { StandInClient } from './support/notification-client.js';

const clients: StandInClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function rig() {
  const store = memoryTokenStore();
  const { good, other } = await historyClients(store);
  clients.push(good, other);
  return { store, good, other, history: memoryNotificationHistory() };
}

describe('createNotifier with a history', () => {
  it('keeps counts equal to the report and to what the clients delivered, by outcome, reason and client', async () => {
    const { store, good, other, history } = await rig();
    const notifier = createNotifier({ store, history, logger: false, retryDelayMs: 10, domain: 'app.example.com' });
    const report = await notifier.send(digest, { to: 'all' });
    expect(report.successful).toBe(goodUsers.length - revokedUsers.length);
    const kept = expectHistoryOf(await history.get(digest.notificationId), report, good);
    expect(kept.counts.invalid).toBe(revokedUsers.length);
    expect(kept.byClient[String(WARPCAST_FID)]).toMatchObject({ successful: 230, invalid: 20, failed: 0 });
    const refused = kept.byClient[String(OTHER_FID)]!;
    expect(refused.failed + refused.remaining).toBe(otherUsers.length);
    expect(kept.byReason.domain_mismatch).toBe(refused.failed);
    expect(deliveredTo(other, digest.notificationId)).toEqual([]);
    expect(kept.startedAt).toBeLessThanOrEqual(kept.updatedAt);
  });

  it('gives each user a timeline: the retried request as an attempt, the last outcome final, newest notification first', async () => {
    const { store, good, history } = await rig();
    const limiter = memoryNotificationLimiter({ intervalMs: 60_000 });
    const notifier = createNotifier({ store, history, limiter, logger: false, retryDelayMs: 10, rateLimitWaitMs: 0 });
    await notifier.send(digest, { to: 'all' });
    // Within the interval: every token of the second is left rate-limited (no wait), and counted so.
    const second = { ...digest, notificationId: 'digest-2', title: 'Digest 2' };
    const report = await notifier.send(second, { to: goodUsers.slice(20, 30) });
    expect(report.rateLimited).toBe(10);
    expect((await history.get('digest-2'))!.counts).toMatchObject({ rateLimited: 10, successful: 0 });

    const fid = goodUsers[25]!;
    const [latest, first] = await history.timeline(fid);
    expect(latest).toMatchObject({ notificationId: 'digest-2', title: 'Digest 2', attempts: [{ outcome: 'rateLimited', final: true }] });
    expect(first).toMatchObject({ notificationId: 'digest-1', title: 'Digest' });
    expect(first!.attempts.at(-1)).toMatchObject({ outcome: 'successful', final: true, client: String(WARPCAST_FID) });
    // The 503 was answered to one batch (of 100 or 50) of the first client: its users have it as an attempt before their success.
    const timelines = await Promise.all(goodUsers.map((user) => history.timeline(user)));
    const retried = timelines.filter((timeline) =>
      timeline
        .find((entry) => entry.notificationId === 'digest-1')!
        .attempts.some((attempt) => attempt.outcome === 'failed' && !attempt.final),
    );
    expect([50, 100]).toContain(retried.length);
    expect(JSON.stringify(await history.timeline(revokedUsers[0]!))).toContain('"outcome":"invalid"');
    expect(JSON.stringify(await history.timeline(fid))).not.toContain('tok-');
    expect(good.requests.length).toBeGreaterThan(0);
  });

  it('lists what was sent newest first, page by page', async () => {
    const { store, history } = await rig();
    const notifier = createNotifier({ store, history, logger: false, retryDelayMs: 10 });
    for (const [index, id] of ['n-1', 'n-2', 'n-3'].entries()) {
      // Other users each time: the same would wait out their 30-second interval.
      await notifier.send({ ...digest, notificationId: id }, { to: goodUsers.slice(40 + 2 * index, 42 + 2 * index) });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const first = await history.list({ limit: 2 });
    expect(first.broadcasts.map(({ notificationId }) => notificationId)).toEqual(['n-3', 'n-2']);
    const second = await history.list({ limit: 2, cursor: first.cursor! });
    expect(second).toMatchObject({ broadcasts: [{ notificationId: 'n-1' }], cursor: undefined });
  });

  it('sends on when the history fails, and warns once (history_failed)', async () => {
    const { store } = await rig();
    const failing: NotificationHistory = {
      ...memoryNotificationHistory(),
      record: () => Promise.reject(new Error('history down')),
    };
    const warnings: unknown[] = [];
    const logger = { warn: (_message: string, fields: unknown) => void warnings.push(fields) };
    const report = await createNotifier({ store, history: failing, logger, retryDelayMs: 10 }).send(digest, { to: 'all' });
    expect(report.successful).toBe(230);
    expect(warnings).toEqual([expect.objectContaining({ code: 'history_failed' })]);
  });

  it('refuses a history without its methods, saying what fits', () => {
    expect(() => createNotifier({ store: memoryTokenStore(), history: {} as NotificationHistory })).toThrow(
      /createNotifier\(\): `history` must be a notification history \(record, list, get, timeline\): memoryNotificationHistory\(\)/,
    );
  });
});

describe('createBroadcasts with a history', () => {
  it('keeps counts equal to the broadcast’s progress and to what the client delivered', async () => {
    const { store, good, history } = await rig();
    const limiter = memoryNotificationLimiter();
    const broadcasts = createBroadcasts({ store, limiter, records: memoryBroadcastRecords(), history, logger: false, retryDelayMs: 10 });
    const { id } = await broadcasts.start(digest, { to: 'all' });
    for (let run = 0; run < 20 && !(await broadcasts.run({ timeLimitMs: 20_000 })).done; run++);
    const progress = (await broadcasts.get(id))!;
    expect(progress.done).toBe(true);
    expectHistoryOf(await history.get(digest.notificationId), progress, good);
    expect(progress.successful).toBe(230);
  });
});

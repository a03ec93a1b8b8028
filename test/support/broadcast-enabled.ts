import {
  createBroadcasts,
  createNotifier,
  type BroadcastRecordStore,
  type NotificationLimiter,
  type NotificationTokenStore,
} from '@social-webhooks/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveriesOf, notificationOf, runUntilDone, slowFetch } from './broadcast-helpers.js';
import { startNotificationClient, type StandInClient } from './notification-client.js';
import { range } from './token-fill.js';

/** Fresh stores of one backend, as broadcast-suite.ts's BroadcastBackend (not imported: that file imports this one). */
interface Backend {
  readonly tokens: () => NotificationTokenStore;
  readonly limiter: () => NotificationLimiter;
  readonly records: () => BroadcastRecordStore;
}

const SINCE = Date.parse('2026-11-01T00:00:00Z');
const DAY = 86_400_000;

/** The users of one store, by when they enabled: before SINCE, at it, after it, now (the store's clock), and who re-enabled. */
interface Enabled {
  readonly before: number[];
  readonly at: number[];
  readonly after: number[];
  readonly now: number[];
  /** Enabled before SINCE, then the same token saved again now: still before. */
  readonly sameTokenAgain: number[];
  /** Enabled before SINCE, then a new token now: enabled now. */
  readonly newToken: number[];
}

async function fillEnabled(store: NotificationTokenStore, client: StandInClient, first: number): Promise<Enabled> {
  const [before, at, after, now, sameTokenAgain, newToken] = [40, 20, 40, 30, 10, 10].map((count, group) =>
    range(count, first + group * 1_000),
  ) as [number[], number[], number[], number[], number[], number[]];
  const save = async (fid: number, enabledAt?: number) => {
    const token = client.issue(fid);
    await store.save({ fid, appFid: 9152, url: client.url, token, ...(enabledAt !== undefined && { enabledAt }) });
    return token;
  };
  for (const fid of before) await save(fid, SINCE - DAY);
  for (const fid of at) await save(fid, SINCE);
  for (const fid of after) await save(fid, SINCE + DAY);
  for (const fid of now) await save(fid);
  for (const fid of sameTokenAgain) {
    const token = await save(fid, SINCE - 2 * DAY);
    await store.save({ fid, appFid: 9152, url: client.url, token });
  }
  for (const fid of newToken) {
    await save(fid, SINCE - 2 * DAY);
    await save(fid);
  }
  return { before, at, after, now, sameTokenAgain, newToken };
}

/**
 * An audience narrowed by when users enabled notifications (`enabledSince`, `enabledBefore`) on one
 * backend's stores, against the strict stand-in client: a resumable broadcast and `createNotifier`
 * reach exactly the users enabled in the window, and never one enabled outside it.
 */
export function enabledAudienceSuite(name: string, backend: () => Backend, timeLimitMs = 1_600): void {
  describe(`audiences by enabled time on ${name}`, () => {
    let client: StandInClient;
    let serial = 0;
    const slug = name.replace(/[^a-z0-9]+/gi, '-');
    beforeAll(async () => {
      client = await startNotificationClient();
    });
    afterAll(() => client?.close());

    it('a broadcast to { all: true, enabledSince } reaches only whom enabled since, enabledBefore the others', async () => {
      const stores = backend();
      const store = stores.tokens();
      const broadcasts = createBroadcasts({
        store,
        limiter: stores.limiter(),
        records: stores.records(),
        fetch: slowFetch(40),
        concurrency: 1,
        timeoutMs: 500,
        retryDelayMs: 10,
        logger: false,
      });
      const users = await fillEnabled(store, client, 700_000 + ++serial * 10_000);
      const since = [...users.at, ...users.after, ...users.now, ...users.newToken];
      const earlier = [...users.before, ...users.sameTokenAgain];
      const id = `enabled-since-${slug}-${serial}`;
      const { id: broadcast } = await broadcasts.start(notificationOf(id), { to: { all: true, enabledSince: new Date(SINCE) } });
      expect(broadcast).toMatch(new RegExp(`^${id}:audience:[0-9a-f]{16}$`));
      // The same time spelt as ISO or as milliseconds: the same broadcast.
      expect(await broadcasts.start(notificationOf(id), { to: { all: true, enabledSince: '2026-11-01T00:00:00Z' } })).toMatchObject({
        id: broadcast,
        existing: true,
      });
      expect(await broadcasts.start(notificationOf(id), { to: { all: true, enabledSince: SINCE + 1 } })).toMatchObject({ existing: false });
      await runUntilDone(broadcasts, timeLimitMs, broadcast);
      expect(deliveriesOf(client, id, since).filter((count) => count !== 1)).toEqual([]);
      expect(deliveriesOf(client, id, earlier).filter((count) => count !== 0)).toEqual([]);
      expect(await broadcasts.get(broadcast)).toMatchObject({ done: true, targets: since.length, successful: since.length });

      const before = `enabled-before-${slug}-${serial}`;
      const { id: other } = await broadcasts.start(notificationOf(before), {
        to: { fids: [...since, ...earlier], enabledBefore: SINCE },
      });
      await runUntilDone(broadcasts, timeLimitMs, other);
      expect(deliveriesOf(client, before, earlier).filter((count) => count !== 1)).toEqual([]);
      expect(deliveriesOf(client, before, since).filter((count) => count !== 0)).toEqual([]);
    });

    it('createNotifier sends to a window [enabledSince, enabledBefore) and to nobody outside it', async () => {
      const stores = backend();
      const store = stores.tokens();
      const users = await fillEnabled(store, client, 700_000 + ++serial * 10_000);
      const notifier = createNotifier({ store, limiter: stores.limiter(), logger: false });
      const id = `enabled-window-${slug}-${serial}`;
      const report = await notifier.send(notificationOf(id), {
        to: { all: true, enabledSince: '2026-11-01T00:00:00Z', enabledBefore: SINCE + DAY },
      });
      expect(report).toMatchObject({ targets: users.at.length, successful: users.at.length });
      const outside = [...users.before, ...users.after, ...users.now, ...users.sameTokenAgain, ...users.newToken];
      expect(deliveriesOf(client, id, users.at).filter((count) => count !== 1)).toEqual([]);
      expect(deliveriesOf(client, id, outside).filter((count) => count !== 0)).toEqual([]);
    });
  });
}

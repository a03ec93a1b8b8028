import {
  cloudflareBroadcastRecords,
  cloudflareNotificationLimiter,
  cloudflareTokenStore,
  migrate,
  type CloudflareStorage,
} from '@social-webhooks/cloudflare';
import { createBroadcasts, createNotifier } from '@social-webhooks/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enabledAudienceSuite } from './support/broadcast-enabled.js';
import { broadcastCancelSuite } from './support/broadcast-cancel-suite.js';
import { deliveriesOf, notificationOf, runUntilDone, slowFetch } from './support/broadcast-helpers.js';
import { useCloudflareWorkers } from './support/cloudflare-workers.js';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { fillTokens, range } from './support/token-fill.js';

// Resumable broadcasts on the Cloudflare stores, on D1 and on the Durable Object of a Worker on
// workerd, reached from here through Miniflare's proxies of its bindings: the cases of the shared
// suite (test/support/broadcast-suite.ts) with more time per run. The suite leaves a run of 1.6 s
// 100 ms to start its first step (its time limit less BROADCAST_STEP_MARGIN_MS and a request's
// timeout), less than the calls of a step take through the proxy to Miniflare's local D1 on a busy
// machine, so its runs are given 3 s here.
const workers = useCloudflareWorkers();
const storages: Record<'d1' | 'do', CloudflareStorage> = {} as never;
beforeAll(async () => {
  const { d1, durableObject } = await workers.bindings();
  storages.d1 = { d1 };
  storages.do = { durableObject };
  // The tables of the prefixes the suite's cases will take, created first: the cases time their runs.
  for (const storage of Object.values(storages)) {
    for (let index = 1; index <= 16; index++) await migrate({ ...storage, prefix: prefixOf(index) });
  }
}, 60_000);
let prefixes = 0;
const prefixOf = (index: number) => `broadcasts_${index}_`;

const backend = (kind: 'd1' | 'do') => {
  const prefix = prefixOf(++prefixes);
  return {
    tokens: () => cloudflareTokenStore({ ...storages[kind], prefix }),
    limiter: (limits?: { readonly intervalMs: number }) => cloudflareNotificationLimiter({ ...storages[kind], prefix, ...limits }),
    records: () => cloudflareBroadcastRecords({ ...storages[kind], prefix }),
  };
};
// cancel() on each: the shared cases (4 prefixes each).
broadcastCancelSuite('the Cloudflare stores on D1', () => backend('d1'));
broadcastCancelSuite('the Cloudflare stores on a Durable Object', () => backend('do'));

describe.each(['d1', 'do'] as const)('resumable broadcasts on the Cloudflare stores on %s', (kind) => {
  let client: StandInClient;
  beforeAll(async () => {
    client = await startNotificationClient();
  });
  afterAll(() => client?.close());

  it('a broadcast to 600 users stopped by its time limit is continued by the next runs, each user reached once; two runs at once work it once', async () => {
    const { tokens, limiter, records } = backend(kind);
    const store = tokens();
    const shared = { store, limiter: limiter(), records: records(), timeoutMs: 500, retryDelayMs: 10, logger: false as const };
    const [one, other] = [createBroadcasts({ ...shared, fetch: slowFetch(40) }), createBroadcasts({ ...shared, fetch: slowFetch(40) })];
    const fids = range(600, kind === 'd1' ? 500_000 : 600_000);
    await fillTokens(store, client, fids);
    const name = `resumed-${kind}`;
    const { id } = await one.start(notificationOf(name), { to: 'all' });
    const [first, second] = await Promise.all([one.run({ timeLimitMs: 3_000 }), other.run({ timeLimitMs: 3_000 })]);
    expect([first.busy, second.busy].filter((busy) => busy.includes(id))).toHaveLength(1);
    expect(first.done && second.done).toBe(false);
    expect(await runUntilDone(one, 3_000)).toBeGreaterThanOrEqual(1);
    expect(deliveriesOf(client, name, fids).filter((count) => count !== 1)).toEqual([]);
    expect(await one.get(id)).toMatchObject({ done: true, targets: 600, successful: 600, alreadySent: 0 });
    expect(client.violations).toEqual([]);
  });

  it('holds rate-limited targets in the record for the next run rather than waiting past the time limit', async () => {
    const { tokens, limiter: limiterOf, records } = backend(kind);
    const [store, limiter] = [tokens(), limiterOf({ intervalMs: 2_000 })];
    const broadcasts = createBroadcasts({ store, limiter, records: records(), timeoutMs: 500, retryDelayMs: 10, logger: false });
    const fids = range(150, kind === 'd1' ? 700_000 : 800_000);
    await fillTokens(store, client, fids);
    const notifier = createNotifier({ store, limiter, logger: false, rateLimitWaitMs: 0 });
    expect(await notifier.send(notificationOf(`warm-${kind}`), { to: 'all' })).toMatchObject({ successful: 150 });
    const { id } = await broadcasts.start(notificationOf(`held-${kind}`), { to: 'all' });
    expect((await broadcasts.run({ timeLimitMs: 3_000 })).done).toBe(false);
    const held = await broadcasts.get(id);
    expect(held).toMatchObject({ done: false, listed: true, targets: 150, successful: 0, rateLimited: 150 });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, held!.retryAt! - Date.now()) + 50));
    expect(await runUntilDone(broadcasts, 3_000)).toBeLessThanOrEqual(3);
    expect(await broadcasts.get(id)).toMatchObject({ done: true, successful: 150, rateLimited: 0 });
    expect(deliveriesOf(client, `held-${kind}`, fids).filter((count) => count !== 1)).toEqual([]);
  });
});

for (const kind of ['d1', 'do'] as const) {
  describe(`cloudflareBroadcastRecords on ${kind}`, () => {
    const state = (done: boolean) => ({ done }) as never;
    const record = (id: string) => ({
      id,
      createdAt: Date.now(),
      plan: { notification: notificationOf(id), to: 'all' as const },
      state: state(false),
    });

    it('creates a record once, leases it to one run at a time, saves only under the lease, and lets a record lapse after keepMs', async () => {
      const records = cloudflareBroadcastRecords({ ...storages[kind], prefix: `records_${kind}_` });
      expect(await records.create(record('r1'))).toMatchObject({ created: true, record: { id: 'r1' } });
      expect(await records.create({ ...record('r1'), createdAt: 1 })).toMatchObject({ created: false, record: { id: 'r1' } });
      const raced = await Promise.all(Array.from({ length: 10 }, (_, index) => records.acquire('r1', `run-${index}`, 10_000)));
      expect(raced.filter(Boolean)).toHaveLength(1);
      const owner = `run-${raced.indexOf(true)}`;
      expect(await records.save('r1', 'another', state(false), 10_000)).toBe(false);
      expect(await records.save('r1', owner, { done: false, cursor: '7' } as never, 10_000)).toBe(true);
      expect((await records.get('r1'))?.state).toEqual({ done: false, cursor: '7' });
      expect(await records.unfinished(10)).toEqual(['r1']);
      await records.release('r1', owner);
      expect(await records.acquire('r1', 'next', 100)).toBe(true);
      expect(await records.save('r1', 'next', state(true), 100)).toBe(true);
      expect(await records.unfinished(10)).toEqual([]);
      expect(await records.acquire('r1', 'later', 100)).toBe(false);
      const brief = cloudflareBroadcastRecords({ ...storages[kind], prefix: `records_${kind}_`, keepMs: 300 });
      expect(await brief.create(record('r2'))).toMatchObject({ created: true });
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(await brief.get('r2')).toBeUndefined();
      expect(await brief.unfinished(10)).toEqual([]);
      expect(await brief.create(record('r2'))).toMatchObject({ created: true });
    });
  });
}

enabledAudienceSuite('the Cloudflare stores on d1', () => backend('d1'), 3_000);
enabledAudienceSuite('the Cloudflare stores on do', () => backend('do'), 3_000);

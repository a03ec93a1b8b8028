import { readFileSync } from 'node:fs';
import {
  cleanup,
  cloudflareNotificationHistory,
  migrate,
  type CloudflareStorage,
  type D1Like,
  type D1StatementLike,
  type DurableObjectNamespaceLike,
} from '@social-webhooks/cloudflare';
import {
  createNotifier,
  HISTORY_OUTCOMES,
  memoryNotificationHistory,
  memoryTokenStore,
  type HistoryBatch,
  type HistoryEntry,
  type NotificationHistory,
} from '@social-webhooks/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useCloudflareWorkers, type StorageKind } from './support/cloudflare-workers.js';
import { deliveredTo, digest, expectHistoryOf, goodUsers, historyClients, WARPCAST_FID } from './support/history-scenario.js';
import type { StandInClient } from './support/notification-client.js';

// The notification history on D1 and on the Durable Object of a Worker on workerd, reached through
// Miniflare's proxies of its bindings: the same batches give the same answers as the memory history
// (every notification, every page, every timeline compared whole), each record() is one call to the
// storage, and two writers of one notification at once add up exactly.
const workers = useCloudflareWorkers();
let calls = 0;
const storages = {} as Record<StorageKind, CloudflareStorage>;
beforeAll(async () => {
  const { d1, durableObject } = await workers.bindings();
  storages.d1 = { d1: countedD1(d1) };
  storages.do = { durableObject: countedObjects(durableObject) };
}, 60_000);
const clients: StandInClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
let prefixes = 0;

// Outcomes, reasons and clients spread over 180 users and 4 notifications, in batches of at most
// 100: some attempts tried again (not final) before their last, some failed without a reason.
function batches(base: number): HistoryBatch[] {
  const out: HistoryBatch[] = [];
  let at = base;
  for (let n = 0; n < 4; n++) {
    const notification = { notificationId: `n-${n}`, title: `T${n}`, body: `B${n}`, targetUrl: 'https://app.example.com/' };
    for (let round = 0; round < 3; round++) {
      const entries: HistoryEntry[] = [];
      for (let fid = 1 + round * 60; fid <= Math.min(180, 100 + round * 60); fid++) {
        const client = fid % 3 === 0 ? 'client.example' : fid % 3 === 1 ? '9152' : '309857';
        const outcome = HISTORY_OUTCOMES[(fid + n + round) % HISTORY_OUTCOMES.length]!;
        const final = (fid + round) % 4 !== 0;
        const reason = outcome === 'failed' ? (fid % 5 === 0 ? undefined : `reason-${fid % 3}`) : final ? undefined : 'retry';
        entries.push(reason === undefined ? { fid, client, outcome, final } : { fid, client, outcome, final, reason });
      }
      out.push({ notification, at: (at += 7), entries });
    }
  }
  return out;
}

async function pages(history: NotificationHistory, limit: number) {
  const seen = [];
  let cursor: string | undefined;
  do {
    const page = await history.list({ limit, ...(cursor !== undefined && { cursor }) });
    seen.push(page.broadcasts);
    cursor = page.cursor;
  } while (cursor !== undefined);
  return seen;
}

describe.each<StorageKind>(['d1', 'do'])('cloudflareNotificationHistory on %s', (kind) => {
  const history = (keepMs?: number) =>
    cloudflareNotificationHistory({ ...storages[kind], prefix: `history_${kind}_${++prefixes}_`, ...(keepMs !== undefined && { keepMs }) });

  it('answers as the memory history for the same batches: every notification, page and timeline; one storage call a batch', async () => {
    const [memory, kept] = [memoryNotificationHistory(), history()];
    const all = batches(Date.now());
    await kept.get('warm-up');
    for (const batch of all) {
      await memory.record(batch);
      const before = calls;
      await kept.record(batch);
      expect(calls - before).toBe(1);
    }
    for (let n = 0; n < 4; n++) expect(await kept.get(`n-${n}`)).toEqual(await memory.get(`n-${n}`));
    expect((await kept.get('n-2'))!.byReason).not.toEqual({});
    for (const limit of [1, 3, 20]) expect(await pages(kept, limit)).toEqual(await pages(memory, limit));
    for (const fid of [1, 60, 61, 100, 140, 180, 181]) expect(await kept.timeline(fid)).toEqual(await memory.timeline(fid));
    expect(await kept.timeline(61, { limit: 2 })).toEqual(await memory.timeline(61, { limit: 2 }));
    expect(await kept.get('never-sent')).toBeUndefined();
  });

  it("bounds a user's timeline to the last 100 notifications and 20 attempts each, as the memory history", async () => {
    const [memory, kept] = [memoryNotificationHistory(), history()];
    const base = Date.now();
    const one = (id: string, at: number, outcome: HistoryEntry['outcome'] = 'successful'): HistoryBatch => ({
      notification: { ...digest, notificationId: id },
      at,
      entries: [{ fid: 9, client: '1', outcome, final: false, reason: 'retry' }],
    });
    for (let index = 0; index < 103; index++) for (const h of [memory, kept]) await h.record(one(`n-${index}`, base + index));
    for (let index = 0; index < 25; index++)
      for (const h of [memory, kept]) await h.record(one('n-102', base + 200 + index, 'rateLimited'));
    const timeline = await kept.timeline(9);
    expect(timeline).toHaveLength(100);
    expect([timeline[0]!.notificationId, timeline.at(-1)!.notificationId]).toEqual(['n-102', 'n-3']);
    expect(timeline[0]!.attempts).toHaveLength(20);
    expect(timeline).toEqual(await memory.timeline(9));
  });

  it('adds up two writers of one notification at once exactly', async () => {
    const one = history();
    const other = cloudflareNotificationHistory({ ...storages[kind], prefix: `history_${kind}_${prefixes}_` });
    const batch = (fid: number): HistoryBatch => ({
      notification: digest,
      at: Date.now(),
      entries: Array.from({ length: 100 }, (_, index) => ({
        fid: fid + index,
        client: '9152',
        outcome: 'successful' as const,
        final: true,
      })),
    });
    await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? one : other).record(batch(index * 100 + 1))));
    expect((await one.get(digest.notificationId))!.counts.successful).toBe(2_000);
    expect((await one.get(digest.notificationId))!.byClient['9152']!.successful).toBe(2_000);
    expect(await one.timeline(1_999)).toHaveLength(1);
  });

  it('forgets what lapsed keepMs after its last write, and starts a lapsed notification again', async () => {
    const kept = history(2_000);
    const entries = [{ fid: 10, client: '1', outcome: 'successful' as const, final: true }];
    await kept.record({ notification: digest, at: Date.now(), entries });
    expect(await kept.get(digest.notificationId)).toMatchObject({ counts: { successful: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(await kept.get(digest.notificationId)).toBeUndefined();
    expect(await kept.timeline(10)).toEqual([]);
    expect((await kept.list()).broadcasts).toEqual([]);
    const again = Date.now();
    await kept.record({ notification: { ...digest, title: 'Again' }, at: again, entries });
    expect(await kept.get(digest.notificationId)).toMatchObject({ title: 'Again', startedAt: again, counts: { successful: 1 } });
    expect((await kept.timeline(10))[0]!.attempts).toHaveLength(1);
  });

  it('keeps counts equal to the report and to what the client delivered, written by createNotifier', async () => {
    const store = memoryTokenStore();
    const { good, other } = await historyClients(store);
    clients.push(good, other);
    const kept = history();
    const report = await createNotifier({ store, history: kept, logger: false, retryDelayMs: 10 }).send(digest, { to: 'all' });
    const read = expectHistoryOf(await kept.get(digest.notificationId), report, good);
    expect(read.byClient[String(WARPCAST_FID)]).toMatchObject({ successful: 230, invalid: 20 });
    expect(deliveredTo(good, digest.notificationId)).toHaveLength(230);
    expect((await kept.timeline(goodUsers[100]!))[0]!.attempts.at(-1)).toMatchObject({ outcome: 'successful', final: true });
  });
});

describe('the history and the archive on a D1 database made before their tables', () => {
  it('get their tables at the first call, and from migrate(); cleanup() trims them', async () => {
    const prefix = 'before_history_';
    const first = readFileSync(new URL('../packages/cloudflare/migrations/0001_social_webhooks.sql', import.meta.url), 'utf8');
    const { d1 } = storages.d1 as { d1: D1Like };
    await d1.batch(
      first
        .split(';\n')
        .filter((sql) => sql.trim() !== '')
        .map((sql) => d1.prepare(sql.replaceAll('social_webhooks_', prefix))),
    );
    const kept = cloudflareNotificationHistory({ d1, prefix, keepMs: 2_000 });
    const entries = [{ fid: 5, client: '9152', outcome: 'successful' as const, final: true }];
    await kept.record({ notification: digest, at: Date.now(), entries });
    expect(await kept.get(digest.notificationId)).toMatchObject({ counts: { successful: 1 } });
    await migrate({ d1, prefix });
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(await cleanup({ d1, prefix })).toMatchObject({ history: 1, historyTimeline: 1, archive: 0, archiveCheckpoints: 0 });
    expect(await cleanup({ d1, prefix })).toMatchObject({ history: 0, historyTimeline: 0 });
  });
});

// Every call to the storage counted: a D1 all() or batch(), a request to the object.
type Wrapped = D1StatementLike & { readonly raw: D1StatementLike };
const wrap = (statement: D1StatementLike): Wrapped => ({
  bind: (...values) => wrap(statement.bind(...values)),
  all: () => (calls++, statement.all()),
  raw: statement,
});
function countedD1(db: D1Like): D1Like {
  return {
    prepare: (query) => wrap(db.prepare(query)),
    batch: (statements) => (calls++, db.batch(statements.map((statement) => (statement as Wrapped).raw ?? statement))),
  };
}

function countedObjects(namespace: DurableObjectNamespaceLike): DurableObjectNamespaceLike {
  return {
    idFromName: (name) => namespace.idFromName(name),
    get(id) {
      const stub = namespace.get(id);
      return { fetch: (input, init) => (calls++, stub.fetch(input, init)) };
    },
  };
}

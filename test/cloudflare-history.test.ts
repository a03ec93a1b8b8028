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
import { beforeAll, describe, expect, it } from 'vitest';
import { useCloudflareWorkers, type StorageKind } from './support/cloudflare-workers.js';
import { spreadBatches } from './support/history-batches.js';
import { historyContract } from './support/history-contract.js';
import { digest } from './support/history-scenario.js';

// The notification history on D1 and on the Durable Object of a Worker on workerd, reached through
// Miniflare's proxies of its bindings: the history contract (support/history-contract.ts: the same
// answers as the memory history for the same batches, two writers adding up exactly, what lapsed
// started again), each record() one call to the storage, and tables made on a database made before.
const workers = useCloudflareWorkers();
let calls = 0;
const storages = {} as Record<StorageKind, CloudflareStorage>;
beforeAll(async () => {
  const { d1, durableObject } = await workers.bindings();
  storages.d1 = { d1: countedD1(d1) };
  storages.do = { durableObject: countedObjects(durableObject) };
}, 60_000);
let prefixes = 0;

for (const kind of ['d1', 'do'] as const) {
  historyContract(
    `cloudflareNotificationHistory on ${kind}`,
    (options) => {
      const prefix = `history_${kind}_${++prefixes}_`;
      return () => cloudflareNotificationHistory({ ...storages[kind], prefix, ...options });
    },
    { ms: 2_000, waitMs: 2_200 },
    { concurrent: true },
  );
}

describe.each<StorageKind>(['d1', 'do'])('cloudflareNotificationHistory on %s', (kind) => {
  it('writes each batch in one call to the storage', async () => {
    const kept = cloudflareNotificationHistory({ ...storages[kind], prefix: `history_${kind}_${++prefixes}_` });
    await kept.get('warm-up');
    for (const batch of spreadBatches(Date.now())) {
      const before = calls;
      await kept.record(batch);
      expect(calls - before).toBe(1);
    }
    expect((await kept.get('n-3'))!.counts).toMatchObject({ successful: expect.any(Number) });
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
// A statement prepared once per SQL text, as D1 allows (bind() answers a new statement): from Node
// each prepare() is a round trip into workerd, which a Worker's binding does not make.
function countedD1(db: D1Like): D1Like {
  const prepared = new Map<string, D1StatementLike>();
  return {
    prepare(query) {
      let statement = prepared.get(query);
      if (statement === undefined) prepared.set(query, (statement = db.prepare(query)));
      return wrap(statement);
    },
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

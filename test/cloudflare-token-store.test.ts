import { cloudflareTokenStore, type CloudflareStorage } from '@social-webhooks/cloudflare';
import { describe, expect, it } from 'vitest';
import { useCloudflareWorkers, type StorageKind } from './support/cloudflare-workers.js';
import { enabledAtSuite, type OldTarget } from './support/token-enabled-suite.js';

// The token store on D1 and on the Durable Object, in two Workers on workerd sharing the storage:
// the cases of test/postgres-token-store.test.ts, and the storage calls of a walk of 1,000 users.
const workers = useCloudflareWorkers();
let prefixes = 0;
const target = (fid: number, appFid = 9152, token = `tok-${fid}-${appFid}`) => ({
  fid,
  appFid,
  url: `https://client${appFid}.example/n`,
  token,
});
/** A target as read, enabled at the database's clock, which these tests do not pin (token-enabled-suite.ts does). */
const read = (saved: OldTarget) => ({ ...saved, enabledAt: expect.any(Number) as number });

describe.each<{ storage: StorageKind }>([{ storage: 'd1' }, { storage: 'do' }])('cloudflareTokenStore on $storage', ({ storage }) => {
  const tokens = (worker: 'a' | 'b', prefix: string, method: string, ...args: unknown[]) =>
    workers.call(worker, { storage, prefix, store: 'tokens', method, args });

  it("keeps a target per user and client, replaces it, and deletes one client's or every client's", async () => {
    const prefix = `tokens_${++prefixes}_`;
    await tokens('a', prefix, 'save', target(1));
    await tokens('a', prefix, 'save', target(1, 309857));
    await tokens('b', prefix, 'save', { ...target(1), token: 'newer' });
    expect(await tokens('b', prefix, 'get', 1)).toEqual(
      expect.arrayContaining([read({ ...target(1), token: 'newer' }), read(target(1, 309857))]),
    );
    expect(await tokens('a', prefix, 'get', 2)).toEqual([]);
    await tokens('b', prefix, 'delete', { fid: 1, appFid: 309857 });
    expect(await tokens('a', prefix, 'get', 1)).toEqual([read({ ...target(1), token: 'newer' })]);
    await tokens('a', prefix, 'save', target(1, 309857));
    await tokens('a', prefix, 'delete', { fid: 1 });
    expect(await tokens('b', prefix, 'get', 1)).toEqual([]);
  });

  it('forgets a token only while it is still that token: one replaced between the send and the answer stays', async () => {
    const prefix = `tokens_${++prefixes}_`;
    await tokens('a', prefix, 'save', target(5));
    // Worker b saves the user's new token after worker a sent to the old one and before the client answered it invalid.
    await tokens('b', prefix, 'save', { ...target(5), token: 'new' });
    expect(await tokens('a', prefix, 'deleteToken', { fid: 5, appFid: 9152, token: target(5).token })).toBe(false);
    expect(await tokens('a', prefix, 'get', 5)).toEqual([read({ ...target(5), token: 'new' })]);
    expect(await tokens('a', prefix, 'deleteToken', { fid: 5, appFid: 9152, token: 'new' })).toBe(true);
    expect(await tokens('b', prefix, 'get', 5)).toEqual([]);
  });

  it('lists 1,000 users in pages of 200, each once, their targets in one page, in 6 calls to the storage', async () => {
    const prefix = `tokens_${++prefixes}_`;
    const saved = Array.from({ length: 1_000 }, (_, index) => target(index + 1));
    saved.push(target(500, 309857));
    await Promise.all([tokens('a', prefix, 'saveMany', ...saved.slice(0, 500)), tokens('b', prefix, 'saveMany', ...saved.slice(500))]);
    const before = await workers.storageCalls('a');
    const pages = (await tokens('a', prefix, 'listPages')) as { fid: number; appFid: number }[][];
    const calls = (await workers.storageCalls('a')) - before;
    console.log(
      `cloudflareTokenStore on ${storage}: 1,000 users (1,001 targets) listed in ${pages.length} pages, ${calls} calls to the storage`,
    );
    expect(pages.map((page) => new Set(page.map(({ fid }) => fid)).size)).toEqual([200, 200, 200, 200, 200]);
    expect(pages.flat()).toHaveLength(1_001);
    expect(new Set(pages.flat().map(({ fid, appFid }) => `${fid}:${appFid}`)).size).toBe(1_001);
    expect(pages[2]!.filter(({ fid }) => fid === 500)).toHaveLength(2);
    expect(calls).toBe(6);
  });
});

// enabledAt on each storage, the store here in Node and its calls crossing into workerd through
// Miniflare's proxies of the bindings; a token from before the store kept it is a tokens row with no
// row in tokens_enabled.
describe.each<{ storage: StorageKind }>([{ storage: 'd1' }, { storage: 'do' }])('cloudflareTokenStore on $storage', ({ storage }) => {
  const bound = async (): Promise<CloudflareStorage> => {
    const { d1, durableObject } = await workers.bindings();
    return storage === 'd1' ? { d1 } : { durableObject };
  };
  enabledAtSuite(`cloudflareTokenStore on ${storage}`, async () => {
    const prefix = `enabled_${++prefixes}_`;
    const binding = await bound();
    const store = cloudflareTokenStore({ ...binding, prefix });
    await store.get(1); // creates the tables
    const writeOld = async ({ fid, appFid, url, token }: OldTarget) => {
      const sql = `INSERT INTO ${prefix}tokens (fid, app_fid, url, token, updated_at) VALUES (?1, ?2, ?3, ?4, 0)`;
      await runSql(binding, prefix, sql, [fid, appFid, url, token]);
    };
    return { store, writeOld };
  });

  it.runIf(storage === 'd1')(
    'a D1 database made before tokens_enabled: the store creates it at its first call, and old tokens read without enabledAt',
    async () => {
      const prefix = `old_${++prefixes}_`;
      const binding = await bound();
      await runSql(
        binding,
        prefix,
        `CREATE TABLE ${prefix}tokens (fid INTEGER NOT NULL, app_fid INTEGER NOT NULL, url TEXT NOT NULL, token TEXT NOT NULL, updated_at INTEGER NOT NULL, PRIMARY KEY (fid, app_fid))`,
        [],
      );
      await runSql(binding, prefix, `INSERT INTO ${prefix}tokens VALUES (3, 9152, 'https://c.example/n', 'before', 0)`, []);
      const store = cloudflareTokenStore({ ...binding, prefix });
      expect(await store.get(3)).toEqual([{ fid: 3, appFid: 9152, url: 'https://c.example/n', token: 'before' }]);
      await store.save({ fid: 3, appFid: 9152, url: 'https://c.example/n', token: 'after', enabledAt: 1_790_000_000_000 });
      expect(await store.get(3)).toEqual([
        { fid: 3, appFid: 9152, url: 'https://c.example/n', token: 'after', enabledAt: 1_790_000_000_000 },
      ]);
    },
  );
});

/** Runs one statement on the storage as the stores do: a D1 all(), or the Durable Object's route. */
async function runSql(binding: CloudflareStorage, prefix: string, sql: string, params: unknown[]): Promise<void> {
  if ('d1' in binding && binding.d1 !== undefined) {
    await binding.d1
      .prepare(sql)
      .bind(...params)
      .all();
    return;
  }
  const namespace = binding.durableObject!;
  const stub = namespace.get(namespace.idFromName('social-webhooks'));
  const response = await stub.fetch('https://social-webhooks.state/run', {
    method: 'POST',
    body: JSON.stringify({ prefix, statements: [{ sql, params }] }),
    headers: { 'content-type': 'application/json' },
  });
  const reply = (await response.json()) as { error?: string };
  if (!response.ok) throw new Error(`the Durable Object answered ${response.status}: ${reply.error}`);
}

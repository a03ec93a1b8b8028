import { describe, expect, it } from 'vitest';
import { useCloudflareWorkers, type StorageKind } from './support/cloudflare-workers.js';

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

describe.each<{ storage: StorageKind }>([{ storage: 'd1' }, { storage: 'do' }])('cloudflareTokenStore on $storage', ({ storage }) => {
  const tokens = (worker: 'a' | 'b', prefix: string, method: string, ...args: unknown[]) =>
    workers.call(worker, { storage, prefix, store: 'tokens', method, args });

  it("keeps a target per user and client, replaces it, and deletes one client's or every client's", async () => {
    const prefix = `tokens_${++prefixes}_`;
    await tokens('a', prefix, 'save', target(1));
    await tokens('a', prefix, 'save', target(1, 309857));
    await tokens('b', prefix, 'save', { ...target(1), token: 'newer' });
    expect(await tokens('b', prefix, 'get', 1)).toEqual(expect.arrayContaining([{ ...target(1), token: 'newer' }, target(1, 309857)]));
    expect(await tokens('a', prefix, 'get', 2)).toEqual([]);
    await tokens('b', prefix, 'delete', { fid: 1, appFid: 309857 });
    expect(await tokens('a', prefix, 'get', 1)).toEqual([{ ...target(1), token: 'newer' }]);
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
    expect(await tokens('a', prefix, 'get', 5)).toEqual([{ ...target(5), token: 'new' }]);
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

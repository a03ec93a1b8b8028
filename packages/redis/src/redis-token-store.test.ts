import { describe, expect, it } from 'vitest';
import { applyMiniAppEvent, type NotificationTarget, type NotificationTokenStore } from '@social-webhooks/core';
import { useRedisClient } from '../../../test/support/redis-client.js';
import { enabledAtSuite } from '../../../test/support/token-enabled-suite.js';
import { DEFAULT_TOKEN_PREFIX, redisTokenStore } from './redis-token-store.js';

const DETAILS = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'token-1' };
/** When each target was enabled: Redis's clock, which these tests do not pin (token-enabled-suite.ts does). */
const at = { enabledAt: expect.any(Number) as number };

async function all(store: NotificationTokenStore): Promise<NotificationTarget[]> {
  const targets: NotificationTarget[] = [];
  for await (const target of store.list()) targets.push(target);
  return targets;
}

// Against a real redis-server, started here; test/support/redis-server.ts says what to do when it is missing.
describe('redisTokenStore against redis-server', () => {
  const redis = useRedisClient();

  it("keeps one target per user and client in the user's hash, the latest saved", async () => {
    const store = redisTokenStore({ client: redis.client });
    await store.save({ fid: 3, appFid: 9152, ...DETAILS, token: 'old' });
    await store.save({ fid: 3, appFid: 9152, ...DETAILS });
    await store.save({ fid: 3, appFid: 309857, url: 'https://redis.client.example/notify', token: 'token-2' });
    // In no particular order: a hash of values this long is a hash table.
    expect([...(await store.get(3))].sort((a, b) => a.appFid - b.appFid)).toEqual([
      { fid: 3, appFid: 9152, ...DETAILS, ...at },
      { fid: 3, appFid: 309857, url: 'https://redis.client.example/notify', token: 'token-2', ...at },
    ]);
    // { url, token } as JSON, with enabledAt after them: what a store before enabledAt wrote, and more.
    const { enabledAt } = (await store.get(3)).find((target) => target.appFid === 9152)!;
    expect(await redis.client.hGet(`${DEFAULT_TOKEN_PREFIX}3`, '9152')).toBe(
      `${JSON.stringify(DETAILS).slice(0, -1)},"enabledAt":${enabledAt}}`,
    );
    expect(await store.get(4)).toEqual([]);
  });

  it("deletes one client's target, or every client's when appFid is left out", async () => {
    const store = redisTokenStore({ client: redis.client, prefix: 'delete:' });
    await store.save({ fid: 3, appFid: 1, ...DETAILS });
    await store.save({ fid: 3, appFid: 2, ...DETAILS });
    await store.delete({ fid: 3, appFid: 1 });
    expect((await store.get(3)).map((target) => target.appFid)).toEqual([2]);
    await store.delete({ fid: 3 });
    expect(await store.get(3)).toEqual([]);
    expect(await redis.client.exists('delete:3')).toBe(0);
  });

  it('lists every target across many SCAN batches, each once, and nothing outside its prefix', async () => {
    const store = redisTokenStore({ client: redis.client, prefix: 'list:' });
    await redis.client.set('lister:1', 'not ours');
    const users = Array.from({ length: 450 }, (_, index) => index + 1);
    await Promise.all(users.map((fid) => store.save({ fid, appFid: 9152, ...DETAILS, token: `t${fid}` })));
    await store.save({ fid: 7, appFid: 1, ...DETAILS });
    const listed = await all(store);
    expect(listed).toHaveLength(451);
    expect(new Set(listed.map((target) => `${target.fid}:${target.appFid}`)).size).toBe(451);
    expect(listed.find((target) => target.fid === 42)).toEqual({ fid: 42, appFid: 9152, ...DETAILS, token: 't42', ...at });

    // listPages(): the same targets in the same order, at most 200 users a page (a SCAN batch, split where Redis
    // answers more keys than COUNT asks), a user's targets in one page.
    const pages: NotificationTarget[][] = [];
    for await (const page of store.listPages!()) pages.push([...page]);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.flat()).toEqual(listed);
    for (const page of pages) expect(new Set(page.map((target) => target.fid)).size).toBeLessThanOrEqual(200);
    expect(pages.filter((page) => page.some((target) => target.fid === 7))).toHaveLength(1);
  });

  it('keeps a page to 200 users when SCAN answers more keys than COUNT asks', async () => {
    // COUNT is a hint: with a few thousand keys, some SCAN calls answer more than 200 (a scratch
    // run saw it at 15 of 44 store sizes); each page is split to the bound, every user listed once.
    const store = redisTokenStore({ client: redis.client, prefix: 'split:' });
    const users = Array.from({ length: 3_000 }, (_, index) => index + 1);
    await Promise.all(users.map((fid) => store.save({ fid, appFid: 1, ...DETAILS, token: `t${fid}` })));
    const fids: number[] = [];
    for await (const page of store.listPages!()) {
      expect(new Set(page.map((target) => target.fid)).size).toBeLessThanOrEqual(200);
      fids.push(...page.map((target) => target.fid));
    }
    expect(fids.sort((a, b) => a - b)).toEqual(users);
  });

  it('listPagesFrom(): each page with the SCAN cursor after it, which another store resumes from, every user listed once', async () => {
    const prefix = 'resume:';
    const store = redisTokenStore({ client: redis.client, prefix });
    const users = Array.from({ length: 1_000 }, (_, index) => index + 1);
    await Promise.all(users.map((fid) => store.save({ fid, appFid: 1, ...DETAILS, token: `t${fid}` })));
    const pages: { fids: number[]; cursor: string | undefined }[] = [];
    for await (const { targets, cursor } of store.listPagesFrom!()) pages.push({ fids: targets.map((target) => target.fid), cursor });
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.at(-1)!.cursor).toBeUndefined();
    expect(pages.slice(0, -1).every((page) => /^\d+$/.test(page.cursor!))).toBe(true);
    expect(pages.flatMap((page) => page.fids).sort((a, b) => a - b)).toEqual(users);
    // Another instance (another process, a later run) goes on after the second page.
    const resumed: number[] = [];
    for await (const { targets } of redisTokenStore({ client: redis.client, prefix }).listPagesFrom!(pages[1]!.cursor)) {
      resumed.push(...targets.map((target) => target.fid));
    }
    expect([...pages[0]!.fids, ...pages[1]!.fids, ...resumed].sort((a, b) => a - b)).toEqual(users);
    await expect(async () => {
      for await (const page of store.listPagesFrom!('0; DEL')) void page;
    }).rejects.toThrow(/never answers/);
  });

  it('escapes glob characters of the prefix in SCAN', async () => {
    const store = redisTokenStore({ client: redis.client, prefix: 'glob[1]*:' });
    await redis.client.hSet('globX:5', '1', JSON.stringify(DETAILS));
    await store.save({ fid: 5, appFid: 1, ...DETAILS });
    expect(await all(store)).toEqual([{ fid: 5, appFid: 1, ...DETAILS, ...at }]);
  });

  it('keeps what the Mini App events mean through applyMiniAppEvent', async () => {
    const store = redisTokenStore({ client: redis.client, prefix: 'apply:' });
    const proven = { fid: 3, appFid: 9152, appKey: `0x${'ab'.repeat(32)}` };
    await applyMiniAppEvent(store, { eventName: 'notifications_enabled', data: { ...proven, notificationDetails: DETAILS } });
    expect(await store.get(3)).toEqual([{ fid: 3, appFid: 9152, ...DETAILS, ...at }]);
    await applyMiniAppEvent(store, { eventName: 'miniapp_removed', data: proven });
    expect(await store.get(3)).toEqual([]);
  });

  it('says so when a key under its prefix is not its own', async () => {
    const store = redisTokenStore({ client: redis.client, prefix: 'shared:' });
    await redis.client.hSet('shared:8', '1', 'not json of ours');
    await expect(store.get(8)).rejects.toThrow();
    await redis.client.hSet('shared:9', '1', JSON.stringify({ url: 1 }));
    await expect(store.get(9)).rejects.toThrow(/is the prefix shared/);
  });

  it.each([
    ['no options', undefined, /takes an options object/],
    ['a client without eval', { client: {} }, /`client` must be a Redis client with an eval method/],
    ['an empty prefix', { client: { eval: async () => 1 }, prefix: '' }, /`prefix` must be a non-empty string/],
  ])('refuses %s', (_name, options, message) => {
    expect(() => redisTokenStore(options as never)).toThrow(
      expect.objectContaining({ code: 'invalid_options', message: expect.stringMatching(message) }),
    );
  });

  let prefixes = 0;
  enabledAtSuite('redisTokenStore', () => {
    const prefix = `enabled-${++prefixes}:`;
    const store = redisTokenStore({ client: redis.client, prefix });
    // A store before enabledAt wrote { url, token } by appFid.
    const writeOld = async ({ fid, appFid, url, token }: { fid: number; appFid: number; url: string; token: string }) => {
      await redis.client.hSet(`${prefix}${fid}`, String(appFid), JSON.stringify({ url, token }));
    };
    return { store, writeOld };
  });
});

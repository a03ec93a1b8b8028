import { describe, expect, it } from 'vitest';
import { enabledAtSuite } from '../../../../../test/support/token-enabled-suite.js';
import { memoryTokenStore } from './memory-token-store.js';
import { applyMiniAppEvent, type NotificationTarget, type NotificationTokenStore } from './token-store.js';
import type { MiniAppEvent } from './types.js';

const DETAILS = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'token-1' };
const proven = { fid: 3, appFid: 9152, appKey: `0x${'ab'.repeat(32)}` };
/** When each target was enabled: the store's now, which these tests do not pin (token-enabled-suite.ts does). */
const at = { enabledAt: expect.any(Number) as number };

async function all(store: NotificationTokenStore): Promise<NotificationTarget[]> {
  const targets: NotificationTarget[] = [];
  for await (const target of store.list()) targets.push(target);
  return targets;
}

describe('memoryTokenStore', () => {
  it('listPagesFrom(): pages in FID order, each cursor resuming after its page, in another call', async () => {
    const store = memoryTokenStore();
    for (let fid = 1_234; fid >= 1; fid--) await store.save({ fid, appFid: 9152, ...DETAILS, token: `t${fid}` });
    await store.save({ fid: 500, appFid: 309857, ...DETAILS, token: 'second-client' });
    const pages: { fids: number[]; cursor: string | undefined }[] = [];
    for await (const { targets, cursor } of store.listPagesFrom!()) pages.push({ fids: targets.map((target) => target.fid), cursor });
    expect(pages.flatMap((page) => page.fids)).toEqual([
      ...Array.from({ length: 500 }, (_, index) => index + 1),
      500,
      ...Array.from({ length: 734 }, (_, index) => index + 501),
    ]);
    expect(pages.at(-1)!.cursor).toBeUndefined();
    expect(pages.filter((page) => page.fids.includes(500))).toHaveLength(1);
    // Resumed from the first page's cursor, with a user saved and one deleted meanwhile: the pages after it as they are now.
    await store.save({ fid: 5_000, appFid: 9152, ...DETAILS });
    await store.delete({ fid: 700 });
    const rest: number[] = [];
    for await (const { targets } of store.listPagesFrom!(pages[0]!.cursor)) rest.push(...targets.map((target) => target.fid));
    expect(rest[0]).toBe(Math.max(...pages[0]!.fids) + 1);
    expect(rest).not.toContain(700);
    expect(rest.at(-1)).toBe(5_000);
    await expect(async () => {
      for await (const _ of store.listPagesFrom!('not-a-cursor')) void _;
    }).rejects.toThrow(/never answers/);
  });

  it('keeps one target per user and client, the latest saved', async () => {
    const store = memoryTokenStore();
    await store.save({ fid: 3, appFid: 9152, ...DETAILS });
    await store.save({ fid: 3, appFid: 9152, ...DETAILS, token: 'token-2' });
    await store.save({ fid: 3, appFid: 309857, url: 'https://client.example/notify', token: 'token-3' });
    await store.save({ fid: 4, appFid: 9152, ...DETAILS, token: 'token-4' });
    expect(await store.get(3)).toEqual([
      { fid: 3, appFid: 9152, url: DETAILS.url, token: 'token-2', ...at },
      { fid: 3, appFid: 309857, url: 'https://client.example/notify', token: 'token-3', ...at },
    ]);
    expect((await all(store)).map((target) => target.token)).toEqual(['token-2', 'token-3', 'token-4']);
    expect(await store.get(5)).toEqual([]);
  });

  it("deletes one client's target, or every client's when appFid is left out", async () => {
    const store = memoryTokenStore();
    await store.save({ fid: 3, appFid: 1, ...DETAILS });
    await store.save({ fid: 3, appFid: 2, ...DETAILS });
    await store.delete({ fid: 3, appFid: 1 });
    expect((await store.get(3)).map((target) => target.appFid)).toEqual([2]);
    await store.save({ fid: 3, appFid: 1, ...DETAILS });
    await store.delete({ fid: 3 });
    expect(await store.get(3)).toEqual([]);
    await store.delete({ fid: 99, appFid: 1 });
    expect(await all(store)).toEqual([]);
  });

  it("forgets a client's token with deleteToken only while it is still that token", async () => {
    const store = memoryTokenStore();
    await store.save({ fid: 1, appFid: 9152, url: 'https://client.example/n', token: 'old' });
    await store.save({ fid: 1, appFid: 9152, url: 'https://client.example/n', token: 'new' });
    expect(await store.deleteToken!({ fid: 1, appFid: 9152, token: 'old' })).toBe(false);
    expect((await store.get(1)).map((target) => target.token)).toEqual(['new']);
    expect(await store.deleteToken!({ fid: 1, appFid: 9152, token: 'new' })).toBe(true);
    expect(await store.get(1)).toEqual([]);
  });

  it("keeps a target's fields only, not the object it was given", async () => {
    const store = memoryTokenStore();
    const given = { fid: 3, appFid: 1, ...DETAILS, enabledAt: 1_000, secret: 'x' };
    await store.save(given);
    given.token = 'changed';
    expect(await store.get(3)).toEqual([{ fid: 3, appFid: 1, ...DETAILS, enabledAt: 1_000 }]);
  });
});

enabledAtSuite('memoryTokenStore', () => ({ store: memoryTokenStore() }), { oldData: false });

describe('applyMiniAppEvent', () => {
  const otherClient = { fid: 3, appFid: 1, ...DETAILS, token: 'other-client', enabledAt: 1_000 };
  const saved = [otherClient, { fid: 3, appFid: 9152, ...DETAILS, ...at }];
  const deleted = [otherClient];
  const events: [string, MiniAppEvent, NotificationTarget[]][] = [
    [
      'miniapp_added with details saves the token',
      { eventName: 'miniapp_added', data: { ...proven, notificationDetails: DETAILS } },
      saved,
    ],
    [
      'notifications_enabled saves the token',
      { eventName: 'notifications_enabled', data: { ...proven, notificationDetails: DETAILS } },
      saved,
    ],
    ["miniapp_added without details deletes the client's token", { eventName: 'miniapp_added', data: proven }, deleted],
    ["notifications_disabled deletes the client's token", { eventName: 'notifications_disabled', data: proven }, deleted],
    ["miniapp_removed deletes the client's token", { eventName: 'miniapp_removed', data: proven }, deleted],
  ];

  it.each(events)("%s, and leaves the user's other clients alone", async (_name, event, expected) => {
    const store = memoryTokenStore();
    await store.save(otherClient);
    await store.save({ fid: 3, appFid: 9152, ...DETAILS, token: 'before' });
    await applyMiniAppEvent(store, event);
    expect(await store.get(3)).toEqual(expected);
  });

  it("a client's token sent again keeps when it was enabled; a new token is enabled at the store's now", async () => {
    const store = memoryTokenStore();
    await store.save({ fid: 3, appFid: 9152, ...DETAILS, enabledAt: 1_000 });
    await applyMiniAppEvent(store, { eventName: 'notifications_enabled', data: { ...proven, notificationDetails: DETAILS } });
    expect(await store.get(3)).toEqual([{ fid: 3, appFid: 9152, ...DETAILS, enabledAt: 1_000 }]);
    const before = Date.now();
    const renewed = { ...DETAILS, token: 'renewed' };
    await applyMiniAppEvent(store, { eventName: 'miniapp_added', data: { ...proven, notificationDetails: renewed } });
    const [target] = await store.get(3);
    expect(target).toEqual({ fid: 3, appFid: 9152, ...renewed, enabledAt: expect.any(Number) });
    expect(target!.enabledAt).toBeGreaterThanOrEqual(before);
    expect(target!.enabledAt).toBeLessThanOrEqual(Date.now());
  });

  it('rejects with what the store throws, so the handler fails and the client retries', async () => {
    const failing = { ...memoryTokenStore(), save: () => Promise.reject(new Error('store down')) };
    await expect(
      applyMiniAppEvent(failing, { eventName: 'notifications_enabled', data: { ...proven, notificationDetails: DETAILS } }),
    ).rejects.toThrow('store down');
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import { memoryTokenStore } from '../senders/miniapp/memory-token-store.js';
import type { NotificationTarget } from '../senders/miniapp/token-store.js';
import { checkAudience, type NotificationAudience } from './audience.js';
import { targetPagesOf } from './audience-targets.js';

const source = 'test';
const A = 'https://a.example/notify';
const B = 'https://b.example/notify';

/** Users 1-10 at client 9152 (URL A); the even ones at client 1 (URL B) too. */
async function store() {
  const tokens = memoryTokenStore();
  for (let fid = 1; fid <= 10; fid++) {
    await tokens.save({ fid, appFid: 9152, url: A, token: `a-${fid}` });
    if (fid % 2 === 0) await tokens.save({ fid, appFid: 1, url: B, token: `b-${fid}` });
  }
  return tokens;
}

async function read(to: NotificationAudience): Promise<string[]> {
  const tokens: string[] = [];
  for await (const page of targetPagesOf(await store(), to)) tokens.push(...page.map((target) => target.token));
  return tokens.sort();
}

async function* slowly(fids: readonly unknown[]): AsyncGenerator<number> {
  for (const fid of fids) yield await Promise.resolve(fid as number);
}

describe('checkAudience', () => {
  it.each<[string, unknown]>([
    ['a FID', 3],
    ['a list', [1, 2]],
    ["'all'", 'all'],
    ['everyone but some', { all: true, exclude: [3] }],
    ['a client by FID', { client: 9152 }],
    ['a client by URL', { client: A, exclude: [] }],
    ['a list narrowed by a test', { fids: [1, 2], where: () => true }],
    ['an async iterable', { fids: slowly([1]) }],
    ['a Set', { fids: new Set([1]) }],
    ['everyone enabled since a Date', { all: true, enabledSince: new Date('2026-11-01T00:00:00Z') }],
    ['a client enabled since an ISO time', { client: 9152, enabledSince: '2026-11-01T00:00:00.000+01:00' }],
    ['a list enabled in a window of ms', { fids: [1], enabledSince: 0, enabledBefore: 1_790_000_000_000 }],
    ['everyone enabled before a date', { all: true, enabledBefore: '2026-11-01' }],
  ])('accepts %s', (_, to) => {
    expect(() => checkAudience(to, { source })).not.toThrow();
  });

  it.each<[unknown, RegExp]>([
    [0, /`to` is a user's FID, a list of FIDs, 'all', or an audience object/],
    [[1, 'x'], /got \[1,"x"\]/],
    ['everyone', /got "everyone"/],
    [{ all: true, exlude: [3] }, /no option `exlude`; its options are all, fids, exclude, client, enabledSince, enabledBefore, where/],
    [{ all: true, fids: [1] }, /`\{ all: true \}` or `\{ fids \}`, not both/],
    [{ exclude: [1] }, /names who: `\{ all: true \}`/],
    [{ all: 'yes' }, /`all` is true/],
    [{ fids: [1, 0] }, /`fids` is a list of FIDs/],
    [{ fids: '123' }, /`fids` is a list of FIDs or an \(async\) iterable/],
    [{ all: true, exclude: 3 }, /`exclude` is a list of FIDs/],
    [{ client: 'api.farcaster.xyz' }, /`client` is a client's FID \(9152 for Farcaster\) or its notification URL/],
    [{ all: true, where: true }, /`where` is a function of a stored target/],
    [{ enabledSince: 0 }, /every user enabled since a time is `\{ all: true, enabledSince \}`/],
    [
      { all: true, enabledSince: 'yesterday' },
      /`enabledSince` is a time: milliseconds since the epoch, a Date or an ISO 8601 string with its zone .*; got "yesterday"/,
    ],
    [{ all: true, enabledSince: '11/01/2026' }, /`enabledSince` is a time.*got "11\/01\/2026"/],
    // Without its zone, the machine's would be used: another instant on each machine that runs it.
    [{ all: true, enabledSince: '2026-11-01T00:00:00' }, /`enabledSince` is a time: .* with its zone .*got "2026-11-01T00:00:00"/],
    [{ all: true, enabledBefore: '2026-11-01T09:30' }, /`enabledBefore` is a time: .* with its zone/],
    [{ all: true, enabledSince: -1 }, /`enabledSince` is a time.*got -1/],
    [{ all: true, enabledBefore: 1.5 }, /`enabledBefore` is a time.*got 1.5/],
    [{ all: true, enabledBefore: new Date(Number.NaN) }, /`enabledBefore` is a time.*got an invalid Date/],
    [{ all: true, enabledSince: '2026-13-45T00:00:00Z' }, /`enabledSince` is a time/],
    [{ all: true, enabledSince: 5, enabledBefore: 5 }, /`enabledSince` is before `enabledBefore` .* no user is in the audience/],
  ])('refuses %j, saying what it takes', (to, message) => {
    expect(() => checkAudience(to, { source })).toThrow(
      expect.objectContaining({ code: 'invalid_options', message: expect.stringMatching(message) }),
    );
  });

  it("refuses what a job cannot carry under forms: 'json', saying what to use instead", () => {
    const json = { source, forms: 'json', emptyList: 'refused' } as const;
    expect(() => checkAudience({ all: true, where: () => true }, json)).toThrow(
      /a queued job or a broadcast’s record cannot carry: filter the FIDs in your app/,
    );
    expect(() => checkAudience({ fids: slowly([1]) }, json)).toThrow(/collect it into a list .* or send with createNotifier\(\)\.send\(\)/);
    expect(() => checkAudience({ fids: [] }, json)).toThrow(/`fids` is a list of FIDs .*, not empty/);
    expect(() => checkAudience({ all: true, exclude: [1], client: 9152 }, json)).not.toThrow();
    expect(() => checkAudience({ all: true, enabledSince: new Date(0), enabledBefore: '2026-11-01T00:00:00Z' }, json)).not.toThrow();
  });
});

describe('targetPagesOf, by audience', () => {
  it('leaves out excluded users, and reads no excluded FID from the store', async () => {
    expect(await read({ all: true, exclude: [2, 3, 4, 5, 6, 7, 8, 9] })).toEqual(['a-1', 'a-10', 'b-10']);
    const read_: number[] = [];
    const tokens = await store();
    const counting = { ...tokens, list: () => tokens.list(), get: (fid: number) => (read_.push(fid), tokens.get(fid)) };
    for await (const page of targetPagesOf(counting, { fids: [1, 2, 3], exclude: [2] })) expect(page.every((t) => t.fid !== 2)).toBe(true);
    expect(read_).toEqual([1, 3]);
  });

  it("keeps one client's targets, by its FID or its URL", async () => {
    expect(await read({ client: 1 })).toEqual(['b-10', 'b-2', 'b-4', 'b-6', 'b-8']);
    expect(await read({ client: B, fids: [1, 2] })).toEqual(['b-2']);
    expect(await read({ all: true, client: 9152, exclude: [1] })).toHaveLength(9);
    expect(await read({ client: 'https://nobody.example/' })).toEqual([]);
  });

  it('keeps the targets a test allows, awaiting one that answers a promise', async () => {
    const seen: NotificationTarget[] = [];
    const where = (target: NotificationTarget) => (seen.push(target), Promise.resolve(target.fid > 8));
    expect(await read({ all: true, where })).toEqual(['a-10', 'a-9', 'b-10']);
    expect(seen).toHaveLength(15);
    expect(await read({ fids: [1, 2], client: 9152, where: (target) => target.fid === 2 })).toEqual(['a-2']);
  });

  it('keeps the targets enabled in [enabledSince, enabledBefore), and none without enabledAt (enabled when is unknown)', async () => {
    const tokens = memoryTokenStore();
    const at = Date.parse('2026-11-01T00:00:00Z');
    await tokens.save({ fid: 1, appFid: 9152, url: A, token: 'before', enabledAt: at - 1 });
    await tokens.save({ fid: 2, appFid: 9152, url: A, token: 'at', enabledAt: at });
    await tokens.save({ fid: 3, appFid: 9152, url: A, token: 'later', enabledAt: at + 1_000 });
    // A store that kept no time, as a store's data from before enabledAt.
    const unknown = { fid: 4, appFid: 9152, url: A, token: 'unknown' };
    const both = {
      get: async (fid: number) => (fid === 4 ? [unknown] : tokens.get(fid)),
      async *list() {
        yield* tokens.list();
        yield unknown;
      },
    };
    const of = async (to: NotificationAudience) => {
      const read: string[] = [];
      for await (const page of targetPagesOf(both, to)) read.push(...page.map((target) => target.token));
      return read.sort();
    };
    expect(await of({ all: true, enabledSince: new Date(at) })).toEqual(['at', 'later']);
    expect(await of({ all: true, enabledSince: '2026-11-01T00:00:00Z', enabledBefore: at + 1_000 })).toEqual(['at']);
    expect(await of({ all: true, enabledBefore: at })).toEqual(['before']);
    expect(await of({ fids: [1, 2, 3, 4], enabledSince: 0 })).toEqual(['at', 'before', 'later']);
    expect(await of({ all: true })).toEqual(['at', 'before', 'later', 'unknown']);
    await expect(of({ all: true, enabledSince: 'soon' } as never)).rejects.toThrow(/enabledSince or enabledBefore is not a time/);
  });

  it('streams an async iterable of FIDs, reading each as it comes, and fails on one that is not a FID', async () => {
    expect(await read({ fids: slowly([3, 11, 4]) })).toEqual(['a-3', 'a-4', 'b-4']);
    await expect(read({ fids: slowly([3, -1]) })).rejects.toThrow(/fids yielded -1 \(item 2\), not a FID/);
  });
});

describe('NotificationAudience, as types', () => {
  const audience = (to: NotificationAudience) => to;

  it('takes every form, and refuses both all and fids, a narrowing that names nobody, or a misspelt key', () => {
    expectTypeOf(audience).toBeCallableWith({ all: true, exclude: [3], client: 9152, where: async ({ appFid }) => appFid === 9152 });
    expectTypeOf(audience).toBeCallableWith({ fids: slowly([1]), client: 'https://api.farcaster.xyz/v1/frame-notifications' });
    expectTypeOf(audience).toBeCallableWith({ client: 9152 });
    expectTypeOf(audience).toBeCallableWith({ all: true, enabledSince: new Date(), enabledBefore: '2026-11-01T00:00:00Z' });
    expectTypeOf(audience).toBeCallableWith([1, 2]);
    // @ts-expect-error everyone, or a list: not both
    audience({ all: true, fids: [1] });
    // @ts-expect-error an exclusion alone names nobody to notify
    audience({ exclude: [1] });
    // @ts-expect-error a misspelt exclude (refused at run time too)
    audience({ all: true, exlude: [1] });
    // @ts-expect-error all is true or absent
    audience({ all: false });
  });
});

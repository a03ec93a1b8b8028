import { describe, expect, it } from 'vitest';
import { memoryTokenStore } from '../senders/miniapp/memory-token-store.js';
import type { NotificationTarget, NotificationTokenStore } from '../senders/miniapp/token-store.js';
import { batchesOf, targetPagesOf } from './batches.js';

const target = (fid: number, url = `https://client-${fid % 3}.example/notify`): NotificationTarget => ({
  fid,
  appFid: 9152,
  url,
  token: `token-${fid}`,
});

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** A store of `count` users that has only `list()`, as a store written before `listPages()` existed. */
function listOnlyStore(count: number): Pick<NotificationTokenStore, 'get' | 'list'> {
  return {
    get: async (fid) => (fid <= count ? [target(fid)] : []),
    async *list() {
      for (let fid = 1; fid <= count; fid++) yield target(fid);
    },
  };
}

describe('targetPagesOf', () => {
  it("reads a store's listPages() when it has one, its list() gathered into pages of 100 when not", async () => {
    const memory = memoryTokenStore();
    for (let fid = 1; fid <= 1_234; fid++) await memory.save(target(fid));
    const paged = await collect(targetPagesOf(memory, 'all'));
    expect(paged.map((page) => page.length)).toEqual([500, 500, 234]);
    expect(paged.flat().map((each) => each.fid)).toEqual(Array.from({ length: 1_234 }, (_, index) => index + 1));

    const listed = await collect(targetPagesOf(listOnlyStore(250), 'all'));
    expect(listed.map((page) => page.length)).toEqual([100, 100, 50]);
    expect(listed.flat()).toEqual(Array.from({ length: 250 }, (_, index) => target(index + 1)));
  });

  it('reads each FID asked once, in order, and yields no page for a user without targets', async () => {
    const pages = await collect(targetPagesOf(listOnlyStore(5), [4, 2, 4, 9, 1]));
    expect(pages).toEqual([[target(4)], [target(2)], [target(1)]]);
    expect(await collect(targetPagesOf(listOnlyStore(5), 3))).toEqual([[target(3)]]);
  });
});

describe('batchesOf', () => {
  it('groups pages into batches of at most 100 per client URL, full ones as they fill, partial ones last', async () => {
    const pages = [
      Array.from({ length: 150 }, (_, index) => target(index + 1)),
      Array.from({ length: 160 }, (_, index) => target(index + 151)),
    ];
    const batches = await collect(batchesOf(pages));
    expect(batches.map(({ url, targets }) => [url, targets.length])).toEqual([
      ['https://client-1.example/notify', 100],
      ['https://client-2.example/notify', 100],
      ['https://client-0.example/notify', 100],
      ['https://client-1.example/notify', 4],
      ['https://client-2.example/notify', 3],
      ['https://client-0.example/notify', 3],
    ]);
    const sent = batches.flatMap(({ url, targets }) => targets.map((each) => ({ ...each, url })));
    expect(sent.sort((a, b) => a.fid - b.fid)).toEqual(pages.flat());
    // A batch names its tokens without the URL, which the batch holds once.
    expect(Object.keys(batches[0]!.targets[0]!)).toEqual(['fid', 'appFid', 'token']);
  });

  it('puts a token once in a batch, when the pages give it twice (an iterable yielding a FID twice, a SCAN listing a user twice)', async () => {
    const pages = [
      [target(3), target(3), target(4)],
      [target(3), target(6)],
    ];
    const batches = await collect(batchesOf(pages));
    const tokens = batches.map(({ url, targets }) => [url, targets.map((each) => each.token)]);
    expect(tokens).toEqual([
      ['https://client-0.example/notify', ['token-3', 'token-6']],
      ['https://client-1.example/notify', ['token-4']],
    ]);
    // Once a batch has gone, the token may come again in the next one: the limiter's record answers it.
    const full = [Array.from({ length: 100 }, (_, index) => target(3 * (index + 1))), [target(3)]];
    expect((await collect(batchesOf(full))).map(({ targets }) => targets.length)).toEqual([100, 1]);
  });
});

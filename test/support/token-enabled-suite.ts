import type { NotificationTarget, NotificationTokenStore } from '@social-webhooks/core';
import { describe, expect, it } from 'vitest';

/** A target without `enabledAt`, as a store wrote it before it kept one. */
export type OldTarget = Omit<NotificationTarget, 'enabledAt'>;

/** A fresh token store of one backend, and (where the backend can) a way to write a target into it as the store did before it kept `enabledAt`. */
export interface EnabledAtBackend {
  readonly store: NotificationTokenStore;
  readonly writeOld?: (target: OldTarget) => Promise<void>;
}

/** How far the store's clock (Redis's, PostgreSQL's, SQLite's on this machine) may be from this process's. */
const CLOCKS_MS = 2_000;
const URL_A = 'https://client-a.example/notify';
const TIME = Date.parse('2026-10-01T12:00:00Z');

/**
 * What every token store does with `enabledAt` (when a token was first saved): a new token is enabled
 * at the store's clock or the time a save gives; the same token saved again keeps its time; a new
 * token, or one deleted and saved again, is enabled anew; every read carries it; a target written
 * before the store kept it reads without one and keeps none; a time that is not one is refused.
 */
export function enabledAtSuite(
  name: string,
  fresh: () => Promise<EnabledAtBackend> | EnabledAtBackend,
  { oldData = true }: { readonly oldData?: boolean } = {},
): void {
  // Old data exists where a store outlives the process; a memory store has none (oldData: false).
  const old = (backend: EnabledAtBackend) => {
    if (backend.writeOld === undefined) throw new Error(`${name}: the backend has no writeOld`);
    return backend.writeOld;
  };
  describe(`${name}: enabledAt`, () => {
    it("a new token is enabled at the store's clock, or at the time the save gives", async () => {
      const { store } = await fresh();
      const before = Date.now();
      await store.save({ fid: 3, appFid: 9152, url: URL_A, token: 'now' });
      const after = Date.now();
      await store.save({ fid: 3, appFid: 309857, url: URL_A, token: 'given', enabledAt: TIME });
      const [ours, given] = byClient(await store.get(3));
      expect(ours!.enabledAt).toBeGreaterThanOrEqual(before - CLOCKS_MS);
      expect(ours!.enabledAt).toBeLessThanOrEqual(after + CLOCKS_MS);
      expect(Number.isSafeInteger(ours!.enabledAt)).toBe(true);
      expect(given).toEqual({ fid: 3, appFid: 309857, url: URL_A, token: 'given', enabledAt: TIME });
    });

    it('the same token saved again keeps its enabledAt, whatever the save gives; its url is replaced', async () => {
      const { store } = await fresh();
      await store.save({ fid: 4, appFid: 9152, url: URL_A, token: 'same', enabledAt: TIME });
      await store.save({ fid: 4, appFid: 9152, url: URL_A, token: 'same' });
      await store.save({ fid: 4, appFid: 9152, url: 'https://client-a.example/v2', token: 'same', enabledAt: TIME + 5_000 });
      expect(await store.get(4)).toEqual([{ fid: 4, appFid: 9152, url: 'https://client-a.example/v2', token: 'same', enabledAt: TIME }]);
    });

    it('a new token from the client is enabled anew, and so is a token deleted and saved again', async () => {
      const { store } = await fresh();
      await store.save({ fid: 5, appFid: 9152, url: URL_A, token: 'first', enabledAt: TIME });
      await store.save({ fid: 5, appFid: 9152, url: URL_A, token: 'second', enabledAt: TIME + 60_000 });
      expect(await store.get(5)).toEqual([{ fid: 5, appFid: 9152, url: URL_A, token: 'second', enabledAt: TIME + 60_000 }]);
      const before = Date.now();
      await store.save({ fid: 5, appFid: 9152, url: URL_A, token: 'third' });
      expect((await store.get(5))[0]!.enabledAt).toBeGreaterThanOrEqual(before - CLOCKS_MS);
      await store.delete({ fid: 5, appFid: 9152 });
      await store.save({ fid: 5, appFid: 9152, url: URL_A, token: 'third', enabledAt: TIME + 120_000 });
      expect((await store.get(5))[0]!.enabledAt).toBe(TIME + 120_000);
      expect(await store.deleteToken!({ fid: 5, appFid: 9152, token: 'third' })).toBe(true);
      await store.save({ fid: 5, appFid: 9152, url: URL_A, token: 'third', enabledAt: TIME + 180_000 });
      expect((await store.get(5))[0]!.enabledAt).toBe(TIME + 180_000);
    });

    it('list(), listPages() and listPagesFrom() carry each target’s enabledAt', async () => {
      const { store } = await fresh();
      const saved = [1, 2, 3].map((fid) => ({ fid, appFid: 9152, url: URL_A, token: `t${fid}`, enabledAt: TIME + fid }));
      for (const target of saved) await store.save(target);
      const listed: NotificationTarget[] = [];
      for await (const target of store.list()) listed.push(target);
      const paged: NotificationTarget[] = [];
      for await (const page of store.listPages!()) paged.push(...page);
      const resumed: NotificationTarget[] = [];
      for await (const { targets } of store.listPagesFrom!()) resumed.push(...targets);
      for (const read of [listed, paged, resumed]) expect(byFid(read)).toEqual(saved);
    });

    it('refuses an enabledAt that is not milliseconds since the epoch, saving nothing', async () => {
      const { store } = await fresh();
      for (const enabledAt of [-1, 1.5, Number.NaN, '2026-10-01T12:00:00Z', new Date(TIME)]) {
        await expect(store.save({ fid: 6, appFid: 9152, url: URL_A, token: 'x', enabledAt: enabledAt as number })).rejects.toThrow(
          /enabledAt .*milliseconds since the epoch/,
        );
      }
      expect(await store.get(6)).toEqual([]);
    });

    it.runIf(oldData)(
      'a target written before the store kept enabledAt reads without it, keeps none when its token is saved again, and a new token gets one',
      async () => {
        const backend = await fresh();
        const { store } = backend;
        const writeOld = old(backend);
        await writeOld({ fid: 7, appFid: 9152, url: URL_A, token: 'old' });
        await writeOld({ fid: 7, appFid: 309857, url: URL_A, token: 'old-b' });
        expect(byClient(await store.get(7))).toEqual([
          { fid: 7, appFid: 9152, url: URL_A, token: 'old' },
          { fid: 7, appFid: 309857, url: URL_A, token: 'old-b' },
        ]);
        const listed: NotificationTarget[] = [];
        for await (const page of store.listPages!()) listed.push(...page);
        expect(listed.filter((target) => target.fid === 7).every((target) => !('enabledAt' in target))).toBe(true);
        // The client sends the same token again: when the user enabled is still unknown, not now.
        await store.save({ fid: 7, appFid: 9152, url: URL_A, token: 'old' });
        await store.save({ fid: 7, appFid: 309857, url: URL_A, token: 'new-b', enabledAt: TIME });
        expect(byClient(await store.get(7))).toEqual([
          { fid: 7, appFid: 9152, url: URL_A, token: 'old' },
          { fid: 7, appFid: 309857, url: URL_A, token: 'new-b', enabledAt: TIME },
        ]);
      },
    );
  });
}

const byClient = (targets: readonly NotificationTarget[]) => [...targets].sort((a, b) => a.appFid - b.appFid);
const byFid = (targets: readonly NotificationTarget[]) => [...targets].sort((a, b) => a.fid - b.fid || a.appFid - b.appFid);

import { describe, expect, it } from 'vitest';
import { useCloudflareWorkers, type StorageKind } from './support/cloudflare-workers.js';

// The notification limiter on D1 and on the Durable Object, in two Workers on workerd sharing the
// storage: the cases of test/redis-notification-limiter.test.ts and test/postgres-notification-limiter.test.ts.
const workers = useCloudflareWorkers();
let prefixes = 0;
const target = (fid: number, token = `tok-${fid}`) => ({ fid, appFid: 9152, token });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Outcome = { outcome: string; retryAt?: number };

describe.each<{ storage: StorageKind }>([{ storage: 'd1' }, { storage: 'do' }])(
  'cloudflareNotificationLimiter on $storage',
  ({ storage }) => {
    const limiter =
      (prefix: string, options?: Record<string, number>) =>
      (worker: 'a' | 'b', method: 'claim' | 'confirm', notificationId: string, targets: unknown[]) =>
        workers.call(worker, {
          storage,
          prefix,
          store: 'limiter',
          method,
          args: [notificationId, targets],
          ...(options && { options }),
        }) as Promise<Outcome[]>;

    it('of two Workers claiming 100 tokens for two notifications at once, lets exactly one send to each token', async () => {
      const claim = limiter(`notify_${++prefixes}_`);
      const targets = Array.from({ length: 100 }, (_, index) => target(index + 1));
      const [a, b] = await Promise.all([claim('a', 'claim', 'n1', targets), claim('b', 'claim', 'n2', targets)]);
      for (let index = 0; index < targets.length; index++) {
        expect([a[index]!.outcome, b[index]!.outcome].sort()).toEqual(['allowed', 'limited']);
      }
    });

    it('of four claims of overlapping batches in opposite orders, allows each token once', async () => {
      const claim = limiter(`notify_${++prefixes}_`);
      const targets = Array.from({ length: 300 }, (_, index) => target(index + 1));
      const batches = [targets, [...targets].reverse(), targets.slice(100), targets.slice(0, 200).reverse()];
      const claims = await Promise.all(batches.map((batch, index) => claim(index % 2 === 0 ? 'a' : 'b', 'claim', `n${index}`, batch)));
      const allowed = new Map<string, number>();
      batches.forEach((batch, index) =>
        batch.forEach((held, at) => {
          if (claims[index]![at]!.outcome === 'allowed') allowed.set(held.token, (allowed.get(held.token) ?? 0) + 1);
        }),
      );
      expect(allowed.size).toBe(300);
      expect([...allowed.values()].every((count) => count === 1)).toBe(true);
    });

    it('holds a token within the interval with the time to retry, allows a retry of the same id, and counts the day', async () => {
      // A second apart: a claim on a busy machine may take a few hundred ms.
      const claim = limiter(`notify_${++prefixes}_`, { intervalMs: 1_000, perDay: 2 });
      const before = Date.now();
      expect(await claim('a', 'claim', 'n1', [target(1)])).toEqual([{ outcome: 'allowed' }]);
      expect(await claim('b', 'claim', 'n1', [target(1)])).toEqual([{ outcome: 'allowed' }]);
      const [held] = await claim('b', 'claim', 'n2', [target(1)]);
      expect(held).toMatchObject({ outcome: 'limited' });
      expect(held!.retryAt).toBeGreaterThanOrEqual(before + 950);
      expect(held!.retryAt).toBeLessThanOrEqual(Date.now() + 1_050);
      await sleep(held!.retryAt! - Date.now() + 20);
      expect(await claim('a', 'claim', 'n2', [target(1)])).toEqual([{ outcome: 'allowed' }]);
      await sleep(1_020);
      const [spent] = await claim('a', 'claim', 'n3', [target(1)]);
      expect(spent).toMatchObject({ outcome: 'limited' });
      expect(spent!.retryAt).toBeGreaterThan(Date.now() + 86_000_000);
    });

    it('starts a token’s interval again from the answer that confirms it', async () => {
      const claim = limiter(`notify_${++prefixes}_`, { intervalMs: 1_000 });
      expect(await claim('a', 'claim', 'n1', [target(1)])).toEqual([{ outcome: 'allowed' }]);
      await sleep(200);
      const confirmedAt = Date.now();
      await claim('b', 'confirm', 'n1', [target(1)]);
      const [held] = await claim('a', 'claim', 'n2', [target(1)]);
      expect(held).toMatchObject({ outcome: 'limited' });
      expect(held!.retryAt).toBeGreaterThanOrEqual(confirmedAt + 980);
    });

    it('remembers a confirmed delivery per user and client, so the same notification is not sent again, and answers a batch naming one token twice', async () => {
      const claim = limiter(`notify_${++prefixes}_`, { intervalMs: 1, dedupeMs: 60_000 });
      expect(await claim('a', 'claim', 'n1', [target(1), target(2)])).toEqual([{ outcome: 'allowed' }, { outcome: 'allowed' }]);
      await claim('a', 'confirm', 'n1', [target(1)]);
      await sleep(5);
      expect(await claim('b', 'claim', 'n1', [target(1), target(2)])).toEqual([{ outcome: 'sent' }, { outcome: 'allowed' }]);
      expect(await claim('b', 'claim', 'n2', [target(7, 'shared'), target(8, 'shared')])).toEqual([
        { outcome: 'allowed' },
        { outcome: 'allowed' },
      ]);
    });
  },
);

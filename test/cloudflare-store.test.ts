import { describe, expect, it } from 'vitest';
import { useCloudflareWorkers, type StorageKind } from './support/cloudflare-workers.js';

// The dedupe store on D1 and on the Durable Object, in two Workers on workerd sharing the storage:
// the cases test/redis-store.test.ts and test/postgres-store.test.ts assert.
const workers = useCloudflareWorkers();
let prefixes = 0;

describe.each<{ storage: StorageKind }>([{ storage: 'd1' }, { storage: 'do' }])('cloudflareStore on $storage', ({ storage }) => {
  const dedupe = (worker: 'a' | 'b', prefix: string, method: string, ...args: unknown[]) =>
    workers.call(worker, { storage, prefix, store: 'dedupe', method, args });

  it('claims a free key for exactly one of many concurrent claims, from two Workers', async () => {
    const prefix = `dedupe_${++prefixes}_`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        dedupe(index % 2 === 0 ? 'a' : 'b', prefix, 'claim', 'delivery-1', `token-${index}`, 10_000),
      ),
    );
    expect(answers.filter((answer) => answer === 'claimed')).toHaveLength(1);
    expect(answers.filter((answer) => answer === 'in_flight')).toHaveLength(19);
  });

  it('answers completed after complete, and in_flight to a second claim by the same token', async () => {
    const prefix = `dedupe_${++prefixes}_`;
    expect(await dedupe('a', prefix, 'claim', 'k', 't1', 10_000)).toBe('claimed');
    expect(await dedupe('b', prefix, 'claim', 'k', 't1', 10_000)).toBe('in_flight');
    await dedupe('a', prefix, 'complete', 'k', 't1', 60_000);
    expect(await dedupe('b', prefix, 'claim', 'k', 't2', 10_000)).toBe('completed');
  });

  it('releases only while the token still holds the claim, never a completed key', async () => {
    const prefix = `dedupe_${++prefixes}_`;
    expect(await dedupe('a', prefix, 'claim', 'k', 't1', 10_000)).toBe('claimed');
    await dedupe('b', prefix, 'release', 'k', 'other');
    expect(await dedupe('b', prefix, 'claim', 'k', 't2', 10_000)).toBe('in_flight');
    await dedupe('a', prefix, 'release', 'k', 't1');
    expect(await dedupe('b', prefix, 'claim', 'k', 't2', 10_000)).toBe('claimed');
    await dedupe('b', prefix, 'complete', 'k', 't2', 60_000);
    await dedupe('b', prefix, 'release', 'k', 't2');
    expect(await dedupe('a', prefix, 'claim', 'k', 't3', 10_000)).toBe('completed');
  });

  it('lets a claim that was never settled lapse after its lease, and a completed key after its TTL', async () => {
    const prefix = `dedupe_${++prefixes}_`;
    expect(await dedupe('a', prefix, 'claim', 'lease', 't1', 100)).toBe('claimed');
    await dedupe('a', prefix, 'claim', 'done', 't1', 10_000);
    await dedupe('a', prefix, 'complete', 'done', 't1', 100);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await dedupe('b', prefix, 'claim', 'lease', 't2', 10_000)).toBe('claimed');
    expect(await dedupe('b', prefix, 'claim', 'done', 't2', 10_000)).toBe('claimed');
  });
});

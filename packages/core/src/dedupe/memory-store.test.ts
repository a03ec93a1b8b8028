import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebhookError } from '../errors.js';
import { memoryStore } from './memory-store.js';

describe('memoryStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives a free key to exactly one of two claims, and reports the other in flight', async () => {
    const store = memoryStore();
    const states = await Promise.all([store.claim('k', 'a', 1000), store.claim('k', 'b', 1000)]);
    expect(states.sort()).toEqual(['claimed', 'in_flight']);
  });

  it('answers completed for the TTL after complete, then frees the key', async () => {
    const store = memoryStore();
    await store.claim('k', 'a', 1000);
    await store.complete('k', 'a', 5000);
    vi.advanceTimersByTime(4999);
    expect(await store.claim('k', 'b', 1000)).toBe('completed');
    vi.advanceTimersByTime(1);
    expect(await store.claim('k', 'b', 1000)).toBe('claimed');
  });

  it('lets a claim that was never settled lapse after its lease', async () => {
    const store = memoryStore();
    await store.claim('k', 'a', 1000);
    vi.advanceTimersByTime(999);
    expect(await store.claim('k', 'b', 1000)).toBe('in_flight');
    vi.advanceTimersByTime(1);
    expect(await store.claim('k', 'b', 1000)).toBe('claimed');
  });

  it('releases only for the token that holds the claim', async () => {
    const store = memoryStore();
    await store.claim('k', 'a', 1000);
    await store.release('k', 'not-a');
    expect(await store.claim('k', 'b', 1000)).toBe('in_flight');
    await store.release('k', 'a');
    expect(await store.claim('k', 'b', 1000)).toBe('claimed');
  });

  it('never releases a completed key', async () => {
    const store = memoryStore();
    await store.claim('k', 'a', 1000);
    await store.complete('k', 'a', 5000);
    await store.release('k', 'a');
    expect(await store.claim('k', 'b', 1000)).toBe('completed');
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const store = memoryStore({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) {
      await store.claim(key, 't', 1000);
      await store.complete(key, 't', 60_000);
    }
    expect(await store.claim('a', 't2', 1000)).toBe('claimed');
    expect(await store.claim('d', 't2', 1000)).toBe('completed');
  });

  it('stays bounded under a flood of distinct keys', async () => {
    const store = memoryStore({ maxEntries: 100 });
    for (let index = 0; index < 10_000; index++) await store.claim(`k${index}`, 't', 60_000);
    // The last 100 are still held; the first is long gone.
    expect(await store.claim('k9999', 'x', 1000)).toBe('in_flight');
    expect(await store.claim('k9900', 'x', 1000)).toBe('in_flight');
    expect(await store.claim('k0', 'x', 1000)).toBe('claimed');
  });

  it('refuses a maxEntries that is not a positive whole number', () => {
    for (const maxEntries of [0, -1, 1.5, Number.NaN]) {
      expect(() => memoryStore({ maxEntries })).toThrow(WebhookError);
    }
    expect(() => memoryStore({ maxEntries: 0 })).toThrow(/maxEntries` must be a positive whole number/);
  });
});

import { describe, expect, it } from 'vitest';
import { settleWithin } from './deadline.js';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('settleWithin', () => {
  it('settles with the value when it comes before the deadline', async () => {
    await expect(settleWithin(later(5, 'read'), 1_000, () => 'expired')).resolves.toBe('read');
  });

  it('passes an in-time rejection through', async () => {
    const failing = Promise.reject(new Error('boom'));
    await expect(settleWithin(failing, 1_000, () => 'expired')).rejects.toThrow('boom');
  });

  it("settles with onExpiry's value once the deadline passes first", async () => {
    await expect(settleWithin(later(1_000, 'read'), 5, () => 'expired')).resolves.toBe('expired');
  });

  it('rejects with what onExpiry throws', async () => {
    const expiry = (): never => {
      throw new Error('too slow');
    };
    await expect(settleWithin(later(1_000, 'read'), 5, expiry)).rejects.toThrow('too slow');
  });

  it('drops a late rejection instead of leaving it unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const late = new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('late')), 20));
      await expect(settleWithin(late, 5, () => 'expired')).resolves.toBe('expired');
      await later(40, undefined);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { InFlight, sleep } from './in-flight.js';

/** Runs `tasks` (key, ms) through `inFlight` and counts the most running at once, in all and per key. */
async function most(inFlight: InFlight, tasks: readonly [string, number][]) {
  const open = new Map<string, number>();
  const peak = new Map<string, number>();
  let total = 0;
  let peakTotal = 0;
  for (const [key, ms] of tasks) {
    await inFlight.run(async () => {
      open.set(key, (open.get(key) ?? 0) + 1);
      total += 1;
      peak.set(key, Math.max(peak.get(key) ?? 0, open.get(key)!));
      peakTotal = Math.max(peakTotal, total);
      await sleep(ms);
      open.set(key, open.get(key)! - 1);
      total -= 1;
    }, key);
  }
  await inFlight.drain();
  return { peak: Object.fromEntries(peak), peakTotal };
}

describe('InFlight', () => {
  it('runs at most `limit` tasks at once, and at most `perKey` of one key', async () => {
    const tasks = Array.from({ length: 24 }, (_, index): [string, number] => [index % 3 === 0 ? 'b' : 'a', 20]);
    expect(await most(new InFlight(3, 2), tasks)).toMatchObject({ peak: { a: 2 }, peakTotal: 3 });
    expect(await most(new InFlight(8, 2), tasks)).toMatchObject({ peak: { a: 2, b: 2 }, peakTotal: 4 });
    expect(await most(new InFlight(4), tasks)).toMatchObject({ peakTotal: 4 });
  });

  it('frees a slot of a task that failed, and throws the first failure from drain', async () => {
    const inFlight = new InFlight(1, 1);
    await inFlight.run(() => Promise.reject(new Error('first')), 'a');
    await inFlight.run(() => Promise.reject(new Error('second')), 'a');
    let ran = false;
    await inFlight.run(async () => void (ran = true), 'a');
    await expect(inFlight.drain()).rejects.toThrow('first');
    expect(ran).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { sleep } from './in-flight.js';
import { UrlSlots } from './url-slots.js';

describe('UrlSlots', () => {
  it('lets at most `perUrl` tasks of one URL run at once, in the order they came, and the other URLs past', async () => {
    const slots = new UrlSlots(2);
    const started: string[] = [];
    let peakA = 0;
    const task = (url: string, name: string) =>
      slots.run(url, async () => {
        started.push(name);
        if (url === 'a') peakA = Math.max(peakA, slots.open('a'));
        await sleep(20);
        return name;
      });
    const names = await Promise.all([task('a', 'a1'), task('a', 'a2'), task('a', 'a3'), task('b', 'b1'), task('a', 'a4')]);
    expect(names).toEqual(['a1', 'a2', 'a3', 'b1', 'a4']);
    expect(started.slice(0, 3)).toEqual(['a1', 'a2', 'b1']);
    expect(started.filter((name) => name.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(peakA).toBe(2);
    expect(slots.open('a')).toBe(0);
  });

  it('frees the slot of a task that threw', async () => {
    const slots = new UrlSlots(1);
    await expect(slots.run('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(slots.open('a')).toBe(0);
    expect(await slots.run('a', async () => 'next')).toBe('next');
  });
});

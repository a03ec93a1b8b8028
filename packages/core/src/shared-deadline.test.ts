import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSharedDeadline } from './shared-deadline.js';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const never = new Promise<never>(() => undefined);
const same = <T>(value: T) => value;

describe('createSharedDeadline', () => {
  it('settles with the value when it comes before the bound', async () => {
    const within = createSharedDeadline(1_000);
    await expect(within(later(5, 'read'), same, () => 'expired')).resolves.toBe('read');
  });

  it('passes an in-time rejection through', async () => {
    const within = createSharedDeadline(1_000);
    await expect(within(Promise.reject(new Error('boom')), same, () => 'expired')).rejects.toThrow('boom');
  });

  it('maps the value, or the rejection with onError, in the turn it settles', async () => {
    const within = createSharedDeadline(1_000);
    await expect(
      within(
        later(5, 'read'),
        (value) => `${value}!`,
        () => 'expired',
      ),
    ).resolves.toBe('read!');
    await expect(
      within(
        Promise.reject(new Error('boom')),
        same,
        () => 'expired',
        () => 'unreadable',
      ),
    ).resolves.toBe('unreadable');
    const mapFails = (): string => {
      throw new Error('map failed');
    };
    await expect(within(later(5, 'read'), mapFails, () => 'expired')).rejects.toThrow('map failed');
  });

  it('never maps a value that came after the bound', async () => {
    const within = createSharedDeadline(10);
    const mapped: string[] = [];
    const late = later(60, 'late');
    await expect(
      within(
        late,
        (value) => (mapped.push(value), value),
        () => 'expired',
      ),
    ).resolves.toBe('expired');
    await late;
    expect(mapped).toEqual([]);
  });

  it('keeps to the clock when the event loop runs its checks late', async () => {
    // Every turn of the loop is held 40 ms, so the 10 ms checks run about every 40 ms: counting 9
    // checks made an 80 ms bound last 360 ms or more; read from the clock it ends after 80 to 170 ms.
    const hog = setInterval(() => {
      const until = performance.now() + 40;
      while (performance.now() < until);
    }, 1);
    try {
      const within = createSharedDeadline(80);
      const started = performance.now();
      await expect(within(never, same, () => 'expired')).resolves.toBe('expired');
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(79);
      expect(waited).toBeLessThan(300);
    } finally {
      clearInterval(hog);
    }
  });

  it('expires a wait no sooner than the bound, and at most two ticks later', async () => {
    const within = createSharedDeadline(80);
    const started = performance.now();
    await expect(within(never, same, () => 'expired')).resolves.toBe('expired');
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(79);
    // 80 + 2 * 10 + 1 in theory; the margin is for a loaded machine's late timers.
    expect(waited).toBeLessThan(80 + 20 + 1 + 60);
  });

  it('expires each of many overlapping waits on its own schedule', async () => {
    const within = createSharedDeadline(40);
    const started = performance.now();
    const first = within(never, same, () => performance.now() - started);
    await later(25, undefined);
    const second = within(never, same, () => performance.now() - started);
    const third = within(later(5, -1), same, () => performance.now() - started);
    const [a, b, c] = await Promise.all([first, second, third]);
    expect(a).toBeGreaterThanOrEqual(39);
    expect(b).toBeGreaterThanOrEqual(25 + 39);
    expect(c).toBe(-1);
  });

  it('rejects with what onExpiry throws', async () => {
    const within = createSharedDeadline(10);
    const expiry = (): never => {
      throw new Error('too slow');
    };
    await expect(within(never, same, expiry)).rejects.toThrow('too slow');
  });

  it('drops a late rejection instead of leaving it unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const within = createSharedDeadline(10);
      const lateFailure = later(60, undefined).then(() => {
        throw new Error('late');
      });
      await expect(within(lateFailure, same, () => 'expired')).resolves.toBe('expired');
      await later(100, undefined);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('keeps no process alive: a script with a pending wait exits at once', () => {
    const module = fileURLToPath(new URL('./shared-deadline.ts', import.meta.url));
    const script = `import { createSharedDeadline } from ${JSON.stringify(module)};
createSharedDeadline(60_000)(new Promise(() => {}), (value) => value, () => 'expired');
console.log('armed');`;
    const started = Date.now();
    // tsx runs the TypeScript source as it is; the wait's bound is a minute, the run's limit 20 s.
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.stdout.trim()).toBe('armed');
    expect(run.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

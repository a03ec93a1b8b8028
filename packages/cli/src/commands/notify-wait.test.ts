import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, startEmulator, type Emulator } from '@social-webhooks/emulator';
import { startReceiver, type LoopbackReceiver } from '../../test/loopback-receiver.js';
import type { CliIo } from '../io.js';
import { runCli } from '../run-cli.js';

function io(env: Record<string, string>) {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env, cwd: process.cwd() };
  return { io: value, out };
}

const message = ['--title', 'Digest', '--body', 'Three new casts', '--target-url', 'https://app.example.com/digest'];

// A client keeping 1 notification per second per token (the emulator, with `--interval 1000` to
// match): a second notification right after the first waits out the window, and says so as it does.
describe('notify, waiting for a rate window', () => {
  let emulator: Emulator;
  let app: LoopbackReceiver;
  let env: Record<string, string>;

  beforeAll(async () => {
    emulator = await startEmulator({ retry: { attempts: 1, baseDelayMs: 20, timeoutMs: 500 }, notificationLimits: { intervalMs: 1_000 } });
    app = await startReceiver(async () => new Response(null, { status: 200 }));
    env = { WEBHOOKS_API_KEY: DEFAULT_API_KEY, WEBHOOKS_BASE_URL: emulator.url };
    for (const fid of [41, 42, 43]) {
      const run = io(env);
      const args = ['miniapp', 'send', '--to', app.url, '--event', 'notifications_enabled', '--fid', String(fid), '--wait'];
      expect(await runCli(args, run.io)).toBe(0);
    }
  });
  afterAll(async () => {
    await emulator.stop();
    await app.close();
  });

  const notify = (to: string, id: string, ...more: string[]) => [
    'notify',
    '--emulator',
    emulator.url,
    '--to',
    to,
    '--id',
    id,
    ...message,
    '--interval',
    '1000',
    ...more,
  ];

  it('prints a waiting line on stderr while it waits, then the report says how long and for how many tokens', async () => {
    expect(await runCli(notify('41,42', 'wait-1'), io(env).io)).toBe(0);
    const run = io(env);
    expect(await runCli(notify('41,42', 'wait-2'), run.io)).toBe(0);
    expect(run.out.stderr).toMatch(/^waiting (0\.\d|1) s: 2 token\(s\) were notified less than 1 s ago$/m);
    expect(run.out.stderr).toMatch(/progress: 100% 2\/2 tokens, 2 request\(s\)\n$/);
    expect(run.out.stdout).toMatch(/ {2}successful {5}2\n/);
    expect(run.out.stdout).toMatch(/ {2}waited {9}(0\.\d|1(\.\d)?) s, for 2 token\(s\) within their rate window\n/);
  });

  it('says it waits for one user too, and --json reports waited: { ms, tokens }', async () => {
    expect(await runCli(notify('43', 'wait-1', '--json'), io(env).io)).toBe(0);
    const run = io(env);
    expect(await runCli(notify('43', 'wait-2', '--json'), run.io)).toBe(0);
    expect(run.out.stderr).toMatch(/^waiting (0\.\d|1) s: 1 token\(s\) were notified less than 1 s ago\n$/);
    const { report } = JSON.parse(run.out.stdout) as { report: { successful: number; waited: { ms: number; tokens: number } } };
    expect(report).toMatchObject({ successful: 1, waited: { tokens: 1 } });
    expect(report.waited.ms).toBeGreaterThanOrEqual(500);
  });
});

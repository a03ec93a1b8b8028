import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, startEmulator, type Emulator, type ReceivedNotification } from '@social-webhooks/emulator';
import { startReceiver, type LoopbackReceiver } from '../../test/loopback-receiver.js';
import type { CliIo } from '../io.js';
import { runCli } from '../run-cli.js';

function io(env: Record<string, string>, stderrIsTTY = false) {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    env,
    cwd: process.cwd(),
    stderrIsTTY,
  };
  return { io: value, out };
}

const message = ['--title', 'Digest', '--body', 'Three new casts', '--target-url', 'https://app.example.com/digest'];

describe('notify, against a running emulator that issued tokens as a Farcaster client', () => {
  let emulator: Emulator;
  let app: LoopbackReceiver;
  let env: Record<string, string>;
  let source: string[];

  /** Has the emulator, as the user's Farcaster client, send `event` to the Mini App. */
  async function send(event: string, fid: number): Promise<void> {
    const run = io(env);
    expect(await runCli(['miniapp', 'send', '--to', app.url, '--event', event, '--fid', String(fid), '--wait'], run.io)).toBe(0);
  }

  /** The users each request of this id reached, in the emulator's inbox. */
  async function reached(id: string): Promise<number[][]> {
    const answer = await fetch(`${emulator.url}/_emulator/miniapp/notifications`, { headers: { authorization: DEFAULT_API_KEY } });
    const { notifications } = (await answer.json()) as { notifications: ReceivedNotification[] };
    return notifications.filter(({ request }) => request.notificationId === id).map(({ recipients }) => recipients.map((r) => r.fid));
  }

  beforeAll(async () => {
    emulator = await startEmulator({ retry: { attempts: 1, baseDelayMs: 20, timeoutMs: 500 } });
    // The Mini App's webhook: it takes the events; the tokens are the emulator's, issued as it sends them.
    app = await startReceiver(async () => new Response(null, { status: 200 }));
    env = { WEBHOOKS_API_KEY: DEFAULT_API_KEY, WEBHOOKS_BASE_URL: emulator.url };
    source = ['--emulator', emulator.url];
    for (const fid of [21, 22, 23, 24]) await send('notifications_enabled', fid);
    // Fid 24 turned notifications off: the emulator no longer honours its token, and notify skips it.
    await send('notifications_disabled', 24);
    // Fid 25 enabled them, then removed the Mini App.
    await send('notifications_enabled', 25);
    await send('miniapp_removed', 25);
  });
  afterAll(async () => {
    await emulator.stop();
    await app.close();
  });

  it('--dry-run prints the plan (tokens, clients, requests per client URL) and sends nothing', async () => {
    const run = io(env);
    expect(await runCli(['notify', ...source, '--all', '--id', 'digest-1', ...message, '--dry-run'], run.io)).toBe(0);
    expect(run.out.stdout).toContain('Notification "digest-1": "Digest": "Three new casts" -> https://app.example.com/digest\n');
    expect(run.out.stdout).toContain(
      `To 3 token(s) of 3 user(s) at 1 client URL(s), from the emulator at ${emulator.url}:\n` +
        `  ${emulator.url}/_emulator/miniapp/notifications (client 9152): 3 token(s) in 1 request(s)\n`,
    );
    expect(run.out.stdout).toContain('Nothing sent (--dry-run).');
    const json = io(env);
    expect(await runCli(['notify', ...source, '--to', '21,24', '--id', 'digest-1', ...message, '--dry-run', '--json'], json.io)).toBe(0);
    expect(JSON.parse(json.out.stdout)).toMatchObject({ dryRun: true, plan: { targets: 1, users: 1, withoutToken: [24] } });
    expect(await reached('digest-1')).toEqual([]);
  });

  it('--dry-run says why a user asked for holds no token: notifications off, the Mini App removed, no event', async () => {
    const run = io(env);
    expect(await runCli(['notify', ...source, '--to', '21,24,25,26', '--id', 'digest-1', ...message, '--dry-run'], run.io)).toBe(0);
    expect(run.out.stdout).toContain(
      '  no token: fid 24 (turned notifications off)\n' +
        '  no token: fid 25 (removed the Mini App)\n' +
        '  no token: fid 26 (the emulator sent no event for this user)\n',
    );
  });

  it('--all reaches each user once, with plain progress lines off a terminal, and the report', async () => {
    const run = io(env);
    expect(await runCli(['notify', ...source, '--all', '--id', 'digest-1', ...message], run.io)).toBe(0);
    expect(await reached('digest-1')).toEqual([[21, 22, 23]]);
    expect(run.out.stderr).toBe('progress: 100% 3/3 tokens, 1 request(s)\n');
    expect(run.out.stdout).toContain('Sent to 3 token(s) in 1 request(s):\n  successful     3\n  already sent   0\n');
    expect(run.out.stdout).toMatch(/ {2}failed {9}0\n {2}remaining {6}0\n$/);
  });

  it('again with the same --id notifies nobody twice: every token already sent, no request', async () => {
    const run = io(env, true);
    expect(await runCli(['notify', ...source, '--all', '--id', 'digest-1', ...message], run.io)).toBe(0);
    expect(await reached('digest-1')).toEqual([[21, 22, 23]]);
    expect(run.out.stdout).toContain(
      'Sent to 3 token(s) in 0 request(s):\n  successful     0\n  already sent   3 (delivered under this id before',
    );
    // On a terminal, one bar redrawn in place: carriage returns, one line ended at the finish.
    // The bar ends with ESC [K, which erases what a longer line left; shown here as <EL>.
    const bar = run.out.stderr.replaceAll('\u001b[K', '<EL>');
    expect(bar).toMatch(/^\r\[[#-]{30}\] .*\r\[#{30}\] 100% 3\/3 tokens, 0 request\(s\)<EL>\n$/s);
    expect(run.out.stderr.split('\n')).toHaveLength(2);
    const json = io(env);
    expect(await runCli(['notify', ...source, '--to', '22', '--id', 'digest-1', ...message, '--json'], json.io)).toBe(0);
    expect(JSON.parse(json.out.stdout)).toMatchObject({
      notification: { notificationId: 'digest-1' },
      report: { targets: 1, requests: 0, successful: 0, alreadySent: 1, failed: {}, remaining: 0, stopped: [] },
    });
    expect(await reached('digest-1')).toEqual([[21, 22, 23]]);
  });

  it('says so when a user has no token (notifications off), and exits 0: nobody to reach', async () => {
    const run = io(env);
    expect(await runCli(['notify', ...source, '--to', '24', '--id', 'digest-1', ...message], run.io)).toBe(0);
    expect(run.out.stdout).toContain(
      `Nobody to notify: no token for fid 24 in the emulator at ${emulator.url}.\nSent to 0 token(s) in 0 request(s):`,
    );
  });

  it('exits 1 when the client refuses the notification, and says which client and why', async () => {
    // A user of its own: the others had a notification within the 30-second interval a client may keep.
    await send('notifications_enabled', 31);
    const run = io(env);
    const args = [
      'notify',
      ...source,
      '--to',
      '31',
      '--id',
      'refused-1',
      ...message.slice(0, 4),
      '--target-url',
      'https://127.0.0.1/digest',
    ];
    expect(await runCli(args, run.io)).toBe(1);
    expect(run.out.stdout).toContain('Stopped clients (they refused the notification itself');
    expect(run.out.stdout).toContain(`  ${emulator.url}/_emulator/miniapp/notifications: `);
    expect(await reached('refused-1')).toEqual([]);
  });

  it.each([
    [
      ['--all', '--id', 'x', '--title', 'T'.repeat(33), '--body', 'b', '--target-url', 'https://app.example.com/'],
      /--title is 33 characters; Farcaster clients take at most 32: shorten it/,
    ],
    [['--all', '--id', 'x', ...message.slice(0, 4), '--target-url', 'http://app.example.com/'], /--target-url must be https/],
    [['--all', '--id', 'x', ...message, '--domain', 'example.com'], /is not on your Mini App's domain "example.com"/],
    [
      ['--all', '--id', 'x', ...message, '--domain', 'https://app.example.com'],
      /--domain is your Mini App's host name, such as example.com/,
    ],
    [['--all', ...message], /missing --id/],
    [['--id', 'x', ...message], /missing --to FID\[,FID…\] \(or --all for every user\)/],
    [['--all', '--to', '3', '--id', 'x', ...message], /pass one of --to FID\[,FID…\], --all and --fids-file PATH, not --to and --all/],
    [['--to', '3,three', '--id', 'x', ...message], /--to expects FIDs/],
    [['--all', '--id', 'x', ...message, '--concurrency', '0'], /--concurrency expects a whole number of at least 1/],
  ])('refuses %j with exit code 2 and sends nothing', async (args, pattern) => {
    const run = io(env);
    expect(await runCli(['notify', ...source, ...args], run.io)).toBe(2);
    expect(run.out.stderr).toMatch(pattern);
    expect(run.out.stderr).toContain('Run social-webhooks notify --help for usage.');
    expect(await reached('x')).toEqual([]);
  });

  it('needs a token source, one only', async () => {
    const none = io(env);
    expect(await runCli(['notify', '--all', '--id', 'x', ...message], none.io)).toBe(2);
    expect(none.out.stderr).toMatch(/pass --redis URL \(a redisTokenStore\) or --emulator URL/);
    const both = io(env);
    expect(await runCli(['notify', ...source, '--redis', 'redis://127.0.0.1:9', '--all', '--id', 'x', ...message], both.io)).toBe(2);
    expect(both.out.stderr).toMatch(/--redis URL or --emulator URL, not both/);
  });

  it('--help explains --id as the retry key and the exit codes of notify', async () => {
    const run = io(env);
    expect(await runCli(['notify', '--help'], run.io)).toBe(0);
    expect(run.out.stdout).toMatch(
      /--id ID +The notificationId \(required\), the retry key: .*running again with the same id notifies nobody twice/,
    );
    expect(run.out.stdout).toContain(
      '  1   not every token delivered: some failed, a client refused the notification, some are rate-limited (the report says when to run again), or --expires-at passed first',
    );
  });

  it('exits 4 when the emulator is not there', async () => {
    const run = io(env);
    expect(await runCli(['notify', '--emulator', 'http://127.0.0.1:9', '--all', '--id', 'x', ...message], run.io)).toBe(4);
    expect(run.out.stderr).toMatch(/could not reach the emulator at http:\/\/127\.0\.0\.1:9/);
  });
});

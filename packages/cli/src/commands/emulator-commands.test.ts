import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_API_KEY, startEmulator, type Emulator } from '@social-webhooks/emulator';
import { runCli } from '../run-cli.js';
import type { CliIo } from '../io.js';

function io(env: Record<string, string>) {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env, cwd: process.cwd() };
  return { io: value, out };
}

describe('publish and deliveries, against a running emulator', () => {
  let emulator: Emulator;
  let env: Record<string, string>;
  beforeAll(async () => {
    emulator = await startEmulator({ retry: { attempts: 2, baseDelayMs: 20, timeoutMs: 300 } });
    env = { WEBHOOKS_API_KEY: DEFAULT_API_KEY, WEBHOOKS_BASE_URL: emulator.url };
  });
  afterAll(() => emulator.stop());

  it('publishes to the matching webhook and shows every attempt in the log', async () => {
    const create = io(env);
    expect(await runCli(['create', '--endpoint', 'http://127.0.0.1:9/webhook', '--event', 'follow.deleted', '--json'], create.io)).toBe(0);
    const { webhookId } = JSON.parse(create.out.stdout) as { webhookId: string };

    const publish = io(env);
    expect(await runCli(['publish', '--event', 'follow.deleted'], publish.io)).toBe(0);
    expect(publish.out.stdout).toContain(`delivering to 1 webhook(s): ${webhookId}`);
    const nobody = io(env);
    expect(await runCli(['publish', '--event', 'profile.created', '--json'], nobody.io)).toBe(0);
    expect(JSON.parse(nobody.out.stdout)).toMatchObject({ matched: [] });

    await emulator.idle();
    const log = io(env);
    expect(await runCli(['deliveries', '--webhook', webhookId], log.io)).toBe(0);
    // Port 9 refuses connections: two attempts, then the delivery failed.
    expect(log.out.stdout).toMatch(
      /follow\.deleted -> http:\/\/127\.0\.0\.1:9\/webhook .*: failed\n {2}#1 .* ECONNREFUSED .*\n {2}#2 .* ECONNREFUSED/,
    );
  });

  it('refuses data that fails the event schema, with exit code 2', async () => {
    const run = io(env);
    expect(await runCli(['publish', '--event', 'follow.created', '--data', '{"followerProfileId":true}'], run.io)).toBe(2);
    expect(run.out.stderr).toMatch(/the emulator refused the request \(400\)/);
  });

  it('refuses to publish to the real service', async () => {
    const run = io({ WEBHOOKS_API_KEY: 'k' });
    expect(await runCli(['publish', '--event', 'follow.created'], run.io)).toBe(2);
    expect(run.out.stderr).toMatch(/local emulator only: set WEBHOOKS_BASE_URL/);
  });

  it('says so when no emulator answers, with exit code 4', async () => {
    const run = io({ WEBHOOKS_API_KEY: 'k', WEBHOOKS_BASE_URL: 'http://127.0.0.1:9' });
    expect(await runCli(['deliveries'], run.io)).toBe(4);
    expect(run.out.stderr).toMatch(/is `social-webhooks emulate` running\?/);
  });
});

const NOTIFICATION_FLAGS = ['--notification-interval-ms', '0', '--notifications-per-day', '5', '--miniapp-domain', 'app.example.com'];

describe('social-webhooks emulate', () => {
  it('says which port is taken and how to pick another, with exit code 2', async () => {
    const blocker = await startEmulator({ port: 0 });
    const port = new URL(blocker.url).port;
    const run = io({});
    try {
      expect(await runCli(['emulate', '--port', port], run.io)).toBe(2);
      expect(run.out.stderr).toMatch(new RegExp(`port ${port} is in use; pass another with --port N`));
    } finally {
      await blocker.stop();
    }
  });

  it.each([
    [['--notifications-per-day', '0'], /notificationLimits\.perDay/],
    [['--notification-interval-ms', 'soon'], /--notification-interval-ms expects a whole number/],
    [['--miniapp-domain', 'https://app.example.com/'], /miniAppDomain.*host name such as app\.example\.com/],
  ])('refuses %j with exit code 2 and how to fix it', async (flags, message) => {
    const run = io({});
    expect(await runCli(['emulate', '--port', '0', ...flags], run.io)).toBe(2);
    expect(run.out.stderr).toMatch(message);
  });

  it('serves the management API until SIGTERM, then exits 0', async () => {
    const bin = fileURLToPath(new URL('../bin.ts', import.meta.url));
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', tsx, bin, 'emulate', '--port', '0', '--key', 'cli-key', ...NOTIFICATION_FLAGS],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`emulate exited with ${code}`)));
    });
    const response = await fetch(`${url}/api/v1/filters/test`, {
      method: 'POST',
      headers: { authorization: 'cli-key', 'content-type': 'application/json' },
      body: JSON.stringify({ event_type: 'follow.created' }),
    });
    expect(await response.json()).toEqual({ status: true });
    // The banner says how to point a Mini App's receiver at it as its hub, by the variable verifyAppKeyWithNeynar reads.
    await vi.waitFor(() => expect(out).toContain(`\n  export SOCIAL_WEBHOOKS_HUB_URL=${url}\n`));
    // The notification flags reach the emulator: no interval between two notifications, and the app's domain checked.
    const sent = await fetch(`${url}/_emulator/miniapp/events`, {
      method: 'POST',
      headers: { authorization: 'cli-key', 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'http://127.0.0.1:9/webhook', event: 'notifications_enabled', fid: 3 }),
    });
    const { token } = ((await sent.json()) as { payload: { notificationDetails: { token: string } } }).payload.notificationDetails;
    const notify = async (notificationId: string, targetUrl: string) => {
      const answer = await fetch(`${url}/_emulator/miniapp/notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ notificationId, title: 'Hi', body: 'There', targetUrl, tokens: [token] }),
      });
      return ((await answer.json()) as { result: unknown }).result;
    };
    expect(await notify('a', 'https://app.example.com/')).toMatchObject({ successfulTokens: [token] });
    expect(await notify('b', 'https://app.example.com/')).toMatchObject({ successfulTokens: [token] });
    expect(await notify('c', 'https://elsewhere.example.com/')).toMatchObject({ failedTokens: [{ token, reason: 'domain_mismatch' }] });
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  });
});

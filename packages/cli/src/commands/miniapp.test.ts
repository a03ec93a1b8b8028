import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miniAppSender, verifyAppKeyWithHub, webhookHandler, type MiniAppEvent } from '@social-webhooks/core';
import { DEFAULT_API_KEY, startEmulator, type Emulator } from '@social-webhooks/emulator';
import { runCli } from '../run-cli.js';
import type { CliIo } from '../io.js';

function io(env: Record<string, string>) {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env, cwd: process.cwd() };
  return { io: value, out };
}

describe('miniapp, against a running emulator and a Mini App that asks it for keys', () => {
  let emulator: Emulator;
  let app: Server;
  let webhookUrl: string;
  let env: Record<string, string>;
  const received: MiniAppEvent[] = [];
  beforeAll(async () => {
    emulator = await startEmulator({ retry: { attempts: 2, baseDelayMs: 20, timeoutMs: 500 } });
    env = { WEBHOOKS_API_KEY: DEFAULT_API_KEY, WEBHOOKS_BASE_URL: emulator.url };
    const handle = webhookHandler({
      sender: miniAppSender({ verifyAppKey: verifyAppKeyWithHub({ hubUrl: emulator.url }) }),
      on: { notifications_enabled: (event) => void received.push(event), miniapp_added: (event) => void received.push(event) },
      logger: false,
    });
    app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = new Request('http://app.test/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: Buffer.concat(chunks),
        });
        void handle(request).then(async (response) => res.writeHead(response.status).end(await response.text()));
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    webhookUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhook`;
  });
  afterAll(async () => {
    await emulator.stop();
    await new Promise((resolve) => app.close(resolve));
  });

  it('sends notifications_enabled signed for fid 3, waits, and shows the 200', async () => {
    const run = io(env);
    expect(await runCli(['miniapp', 'send', '--to', webhookUrl, '--event', 'notifications_enabled', '--fid', '3', '--wait'], run.io)).toBe(
      0,
    );
    expect(run.out.stdout).toMatch(
      /^Sent notifications_enabled of fid 3 \(client 9152, app key 0x[0-9a-f]{64}\) to http:\/\/127\.0\.0\.1:\d+\/webhook/,
    );
    expect(run.out.stdout).toMatch(/notifications_enabled of fid 3 \(client 9152\) -> .*: delivered\n {2}#1 .* 200 /);
    expect(received.at(-1)).toMatchObject({ eventName: 'notifications_enabled', data: { fid: 3, appFid: 9152 } });
  });

  it('sends miniapp_added with notifications off, in JSON, and lists the deliveries', async () => {
    const run = io(env);
    const args = [
      'miniapp',
      'send',
      '--to',
      webhookUrl,
      '--event',
      'miniapp_added',
      '--fid',
      '4',
      '--app-fid',
      '12',
      '--notifications-off',
      '--wait',
      '--json',
    ];
    expect(await runCli(args, run.io)).toBe(0);
    expect(JSON.parse(run.out.stdout)).toMatchObject({ payload: { event: 'miniapp_added' }, appFid: 12, settled: { state: 'delivered' } });
    expect(received.at(-1)).toEqual({ eventName: 'miniapp_added', data: { fid: 4, appFid: 12, appKey: expect.any(String) } });
    const list = io(env);
    expect(await runCli(['miniapp', 'deliveries'], list.io)).toBe(0);
    expect(list.out.stdout.match(/: delivered/g)).toHaveLength(2);
  });

  it('exits 1 when the app does not take the delivery', async () => {
    const run = io(env);
    expect(
      await runCli(['miniapp', 'send', '--to', 'http://127.0.0.1:9/webhook', '--event', 'miniapp_removed', '--fid', '3', '--wait'], run.io),
    ).toBe(1);
    expect(run.out.stdout).toMatch(/: failed\n {2}#1 .* ECONNREFUSED/);
  });

  it('records the Mini App’s --domain on the token it issues', async () => {
    const run = io(env);
    const args = [
      'miniapp',
      'send',
      '--to',
      webhookUrl,
      '--event',
      'notifications_enabled',
      '--fid',
      '6',
      '--domain',
      'app.example.com',
      '--json',
    ];
    expect(await runCli(args, run.io)).toBe(0);
    const { token } = (JSON.parse(run.out.stdout) as { payload: { notificationDetails: { token: string } } }).payload.notificationDetails;
    expect(emulator.miniApp.tokens().find((issued) => issued.token === token)).toMatchObject({ fid: 6, domain: 'app.example.com' });
  });

  it('lists the notifications the app sent with its token', async () => {
    const token = (received[0]!.data as { notificationDetails: { url: string; token: string } }).notificationDetails;
    const request = {
      notificationId: 'hello-1',
      title: 'Hello',
      body: 'From the app',
      targetUrl: 'https://app.example.com/',
      tokens: [token.token],
    };
    await fetch(token.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
    const run = io(env);
    expect(await runCli(['miniapp', 'notifications'], run.io)).toBe(0);
    expect(run.out.stdout).toContain('"Hello": "From the app" -> https://app.example.com/ (id hello-1)\n  reached fid 3 (client 9152)');
  });

  it.each([
    [['miniapp', 'publish'], /ACTION must be one of send, deliveries, notifications/],
    [['miniapp', 'send', '--to', 'http://x.test/', '--event', 'frame_added', '--fid', '3'], /--event expects one of miniapp_added/],
    [
      ['miniapp', 'send', '--to', 'http://x.test/', '--event', 'miniapp_removed', '--fid', 'three'],
      /--fid expects a whole number, 1 or more/,
    ],
    [['miniapp', 'send', '--to', 'http://x.test/', '--event', 'miniapp_removed'], /missing --fid/],
    [
      ['miniapp', 'send', '--to', 'http://x.test/', '--event', 'miniapp_removed', '--fid', '3', '--notifications-off'],
      /refused the request \(400\).*is for miniapp_added only/,
    ],
  ])('refuses %j with exit code 2', async (args, message) => {
    const run = io(env);
    expect(await runCli(args, run.io)).toBe(2);
    expect(run.out.stderr).toMatch(message);
  });
});

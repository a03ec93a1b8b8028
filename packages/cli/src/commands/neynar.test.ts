import { neynarSender, webhookHandler } from '@social-webhooks/core';
import { DEFAULT_API_KEY, startEmulator, type Emulator } from '@social-webhooks/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../io.js';
import { runCli } from '../run-cli.js';
import { startReceiver, type LoopbackReceiver } from '../../test/loopback-receiver.js';

function io(env: Record<string, string> = {}) {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env, cwd: process.cwd() };
  return { io: value, out };
}

describe('social-webhooks neynar create, list and delete, against a started emulator', () => {
  let emulator: Emulator;
  let env: Record<string, string>;
  let receiver: LoopbackReceiver;
  let secret: string | undefined;
  const handled: string[] = [];
  beforeAll(async () => {
    emulator = await startEmulator({ retry: { attempts: 1, baseDelayMs: 0, timeoutMs: 2_000 } });
    env = { WEBHOOKS_API_KEY: DEFAULT_API_KEY, WEBHOOKS_BASE_URL: emulator.url };
    // The receiver reads the secret `create` printed, as the user's NEYNAR_WEBHOOK_SECRET.
    receiver = await startReceiver(
      webhookHandler({
        sender: neynarSender({ secrets: () => secret }),
        on: { 'cast.created': (event) => void handled.push(event.data.hash) },
        logger: false,
      }),
    );
  });
  afterAll(async () => {
    await receiver.close();
    await emulator.stop();
  });

  it('creates a webhook, prints the secret it signs with, and that secret verifies what the emulator then delivers', async () => {
    const run = io(env);
    expect(await runCli(['neynar', 'create', '--url', receiver.url, '--events', 'cast.created,follow.created'], run.io)).toBe(0);
    const [webhook] = emulator.neynar.webhooks();
    expect(webhook).toMatchObject({ target_url: receiver.url, title: 'local' });
    expect(Object.keys(webhook!.subscription.filters)).toEqual(['cast.created', 'follow.created']);
    const printed = /^ {2}NEYNAR_WEBHOOK_SECRET=(\S+)$/m.exec(run.out.stdout)?.[1];
    expect(printed).toBe(webhook!.secrets[0]!.value);
    expect(run.out.stdout).toContain(`Created Neynar webhook ${webhook!.webhook_id} (cast.created, follow.created -> ${receiver.url}).`);
    expect(run.out.stdout).toContain('neynarSender({ secrets: () => process.env.NEYNAR_WEBHOOK_SECRET })');

    secret = printed;
    const publish = io(env);
    expect(await runCli(['publish', '--sender', 'neynar', '--event', 'cast.created', '--wait'], publish.io)).toBe(0);
    expect(handled).toHaveLength(1);
  });

  it('takes a subscription with filters, and answers --json with the webhook and its secret', async () => {
    const run = io(env);
    const subscription = '{"cast.created":{"author_fids":[3]}}';
    const args = ['neynar', 'create', '--url', 'http://127.0.0.1:9/x', '--name', 'filtered', '--subscription', subscription, '--json'];
    expect(await runCli(args, run.io)).toBe(0);
    const answer = JSON.parse(run.out.stdout) as { webhook: { webhook_id: string; secrets: { value: string }[] }; secret: string };
    expect(answer.secret).toBe(answer.webhook.secrets[0]!.value);
    expect(emulator.neynar.webhooks().find((item) => item.webhook_id === answer.webhook.webhook_id)?.subscription.filters).toEqual({
      'cast.created': { author_fids: [3] },
    });
  });

  it('lists every webhook with its events and the secret that signs, and deletes one by id', async () => {
    const [first, second] = emulator.neynar.webhooks();
    const listed = io(env);
    expect(await runCli(['neynar', 'list'], listed.io)).toBe(0);
    expect(listed.out.stdout).toContain(`${first!.webhook_id}  local  ${receiver.url}`);
    expect(listed.out.stdout).toContain('  events: cast.created, follow.created');
    expect(listed.out.stdout).toContain(`  secret ${first!.secrets[0]!.uid}: ${first!.secrets[0]!.value} (signs)`);
    expect(listed.out.stdout).toContain(`${second!.webhook_id}  filtered`);

    const deleted = io(env);
    expect(await runCli(['neynar', 'delete', second!.webhook_id], deleted.io)).toBe(0);
    expect(deleted.out.stdout).toBe(`Deleted Neynar webhook ${second!.webhook_id} (http://127.0.0.1:9/x).\n`);
    expect(emulator.neynar.webhooks().map((item) => item.webhook_id)).toEqual([first!.webhook_id]);
    const again = io(env);
    expect(await runCli(['neynar', 'delete', second!.webhook_id], again.io)).toBe(2);
    expect(again.out.stderr).toMatch(/the emulator refused the request \(404\)/);
  });

  it('refuses what it cannot send: no events, an unknown event, an unknown action, no id, no emulator URL', async () => {
    const cases: [string[], RegExp, Record<string, string>?][] = [
      [['neynar', 'create', '--url', 'http://127.0.0.1:9/x'], /takes --events NAME\[,NAME…\] or --subscription/],
      [
        ['neynar', 'create', '--url', 'http://127.0.0.1:9/x', '--events', 'cast.created,profile.created'],
        /--events expects Neynar's event types.*"profile.created"/,
      ],
      [['neynar', 'rename'], /neynar expects create, list, delete; got "rename"/],
      [['neynar', 'delete'], /neynar delete expects the webhook id/],
      [['neynar', 'list'], /talks to the local emulator only: set WEBHOOKS_BASE_URL/, { WEBHOOKS_API_KEY: DEFAULT_API_KEY }],
    ];
    for (const [args, message, environment] of cases) {
      const run = io(environment ?? env);
      expect(await runCli(args, run.io), args.join(' ')).toBe(2);
      expect(run.out.stderr).toMatch(message);
    }
    expect(emulator.neynar.webhooks()).toHaveLength(1);
  });
});

describe('--help of the commands that talk to the emulator only', () => {
  it.each(['publish', 'miniapp', 'neynar', 'deliveries', 'faults', 'replay', 'rotate-secret'])(
    '%s --help states no default --base-url, only the emulator',
    async (command) => {
      const run = io();
      expect(await runCli([command, '--help'], run.io)).toBe(0);
      const line = run.out.stdout.split('\n').find((text) => text.includes('--base-url'));
      expect(line).toContain('default: $WEBHOOKS_BASE_URL; required: this command talks to the emulator only');
      expect(line).not.toMatch(/else https?:/);
    },
  );

  it('create --help, which calls the service, still states its default', async () => {
    const run = io();
    expect(await runCli(['create', '--help'], run.io)).toBe(0);
    expect(run.out.stdout).toMatch(/--base-url URL.*else https?:/);
  });
});

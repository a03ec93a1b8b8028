import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neynarSampleBody } from '@social-webhooks/core/samples';
import { DEFAULT_API_KEY, startEmulator, type Emulator } from '@social-webhooks/emulator';
import type { CliIo } from '../io.js';
import { runCli } from '../run-cli.js';

function io(env: Record<string, string> = {}) {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env, cwd: process.cwd() };
  return { io: value, out };
}

describe('publish --sender neynar and rotate-secret, against a running emulator', () => {
  let emulator: Emulator;
  let env: Record<string, string>;
  beforeAll(async () => {
    emulator = await startEmulator({ retry: { attempts: 1, baseDelayMs: 0, timeoutMs: 300 } });
    env = { WEBHOOKS_API_KEY: DEFAULT_API_KEY, WEBHOOKS_BASE_URL: emulator.url };
  });
  afterAll(() => emulator.stop());

  it("publishes Neynar's sample events, and --data of your own, to the webhooks whose subscription passes them", async () => {
    const { webhook_id: webhookId } = emulator.neynar.createWebhook({
      name: 'cli',
      url: 'http://127.0.0.1:9/neynar',
      subscription: { 'cast.created': { author_fids: [412037] } },
    });
    const sample = io(env);
    expect(await runCli(['publish', '--sender', 'neynar', '--event', 'cast.created', '--wait'], sample.io)).toBe(1);
    expect(sample.out.stdout).toContain(`Published Neynar cast.created: delivering to 1 webhook(s): ${webhookId}`);
    expect(sample.out.stdout).toMatch(/ECONNREFUSED/);

    const cast = neynarSampleBody('cast.created').data;
    const other = io(env);
    const data = JSON.stringify({ ...cast, author: { ...cast.author, fid: 3 } });
    expect(await runCli(['publish', '--sender', 'neynar', '--event', 'cast.created', '--data', data, '--json'], other.io)).toBe(0);
    expect(JSON.parse(other.out.stdout)).toMatchObject({ type: 'cast.created', matched: [] });
    expect(emulator.deliveries(webhookId).map((record) => record.sender)).toEqual(['neynar']);
  });

  it("refuses an event type that is not Neynar's, and data that fails the type's schema", async () => {
    const unknown = io(env);
    expect(await runCli(['publish', '--sender', 'neynar', '--event', 'profile.created'], unknown.io)).toBe(2);
    expect(unknown.out.stderr).toMatch(/--event expects one of Neynar's event types/);
    const bad = io(env);
    expect(await runCli(['publish', '--sender', 'neynar', '--event', 'follow.created', '--data', '{"user":1}'], bad.io)).toBe(2);
    expect(bad.out.stderr).toMatch(/the emulator refused the request \(400\)/);
    const sender = io(env);
    expect(await runCli(['publish', '--sender', 'farcaster', '--event', 'cast.created'], sender.io)).toBe(2);
    expect(sender.out.stderr).toMatch(/--sender expects airstack or neynar/);
  });

  it("rotates a webhook's secret: prints every secret, the new one last", async () => {
    const webhook = emulator.neynar.createWebhook({ name: 'rotating', url: 'http://127.0.0.1:9/neynar' });
    const run = io(env);
    expect(await runCli(['rotate-secret', webhook.webhook_id, '--grace', '60'], run.io)).toBe(0);
    const [old, fresh] = emulator.neynar.webhooks().find((item) => item.webhook_id === webhook.webhook_id)!.secrets;
    expect(run.out.stdout).toContain(`  ${old!.uid}  ends ${old!.expires_at}  ${old!.value}`);
    expect(run.out.stdout).toContain(`  ${fresh!.uid}  new  ${fresh!.value}`);
    const unknown = io(env);
    expect(await runCli(['rotate-secret', 'no-such-webhook'], unknown.io)).toBe(2);
    expect(unknown.out.stderr).toMatch(/\(404\).*no Neynar webhook/);
  });
});

describe('test-filter --sender neynar', () => {
  it('passes a valid subscription without an API key or a request', async () => {
    const run = io();
    const subscription = '{"cast.created":{"author_fids":[194],"text":"(?i)\\\\bgm\\\\b"},"user.created":{}}';
    expect(await runCli(['test-filter', '--sender', 'neynar', '--subscription', subscription], run.io)).toBe(0);
    expect(run.out.stdout).toBe('Subscription is valid (checked locally).\n');
  });

  it('reports every problem with its path, and exits 1', async () => {
    const run = io();
    const subscription = '{"cast.updated":{},"cast.created":{"author_fids":["194"],"text":"(?=x)"},"follow.created":{"author_fids":[1]}}';
    expect(await runCli(['test-filter', '--sender', 'neynar', '--subscription', subscription, '--json'], run.io)).toBe(1);
    const answer = JSON.parse(run.out.stdout) as { ok: boolean; problems: { code: string; path: unknown[] }[] };
    expect(answer.ok).toBe(false);
    expect(answer.problems.map(({ code, path }) => [code, path])).toEqual([
      ['unknown_event', ['cast.updated']],
      ['type_mismatch', ['cast.created', 'author_fids', 0]],
      ['invalid_regex', ['cast.created', 'text']],
      ['unknown_field', ['follow.created', 'author_fids']],
    ]);
  });

  it('says whether Neynar delivers a given event, with --event and --payload', async () => {
    const payload = JSON.stringify(neynarSampleBody('follow.created').data);
    const subscription = '{"follow.created":{"target_fids":[3]}}';
    const run = io();
    expect(
      await runCli(
        ['test-filter', '--sender', 'neynar', '--subscription', subscription, '--event', 'follow.created', '--payload', payload],
        run.io,
      ),
    ).toBe(1);
    expect(run.out.stdout).toMatch(/^Subscription is valid, but Neynar does not deliver this follow.created to it/);
    const passes = io();
    const wide = '{"follow.created":{"target_fids":[3, 412037]}}';
    expect(
      await runCli(
        ['test-filter', '--sender', 'neynar', '--subscription', wide, '--event', 'follow.created', '--payload', payload],
        passes.io,
      ),
    ).toBe(0);
  });

  it('asks for --subscription', async () => {
    const run = io();
    expect(await runCli(['test-filter', '--sender', 'neynar'], run.io)).toBe(2);
    expect(run.out.stderr).toMatch(/missing --subscription/);
  });
});

describe('emulate --sender neynar', () => {
  it("prints how to point Neynar's SDK at it, and serves Neynar's API until SIGTERM", async () => {
    const bin = fileURLToPath(new URL('../bin.ts', import.meta.url));
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const args = ['--conditions=source', '--import', tsx, bin, 'emulate', '--sender', 'neynar', '--port', '0', '--key', 'cli-key'];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match && out.includes('Ctrl-C')) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`emulate exited with ${code}`)));
    });
    expect(out).toContain(`new NeynarAPIClient(new Configuration({ apiKey: 'cli-key', basePath: '${url}' }))`);
    const response = await fetch(`${url}/v2/farcaster/webhook/list/`, { headers: { 'x-api-key': 'cli-key' } });
    expect(await response.json()).toEqual({ webhooks: [] });
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  });
});

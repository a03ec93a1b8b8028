import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, startEmulator, type Emulator } from '@social-webhooks/emulator';
import { startReceiver, type LoopbackReceiver } from '../../test/loopback-receiver.js';
import type { CliIo } from '../io.js';
import { runCli } from '../run-cli.js';

// The `notify --emulator` commands the pages give, run as written against the emulator started as
// docs/notifications.md ("Try it offline") starts it, `emulate --miniapp-domain app.example.com`:
// a --target-url off that domain would fail every token with domain_mismatch.
const PAGES = [
  ['packages/cli/README.md', new URL('../../README.md', import.meta.url)],
  ['docs/notifications.md', new URL('../../../../docs/notifications.md', import.meta.url)],
] as const;

/** The page's `social-webhooks notify --emulator …` command, its continued lines joined, split as a shell does (quotes, no expansion). */
function notifyCommand(page: URL): string[] {
  const text = readFileSync(page, 'utf8').replace(/ \\\n\s*/g, ' ');
  const line = text.split('\n').find((candidate) => candidate.startsWith('social-webhooks notify --emulator '));
  if (line === undefined) throw new Error(`${page.pathname}: no social-webhooks notify --emulator command`);
  const command = line.replace(/\s+#.*$/, '');
  return [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(([, single, double, bare]) => single ?? double ?? bare!).slice(1);
}

describe("the pages' notify --emulator commands, against the emulator the guide starts", () => {
  let emulator: Emulator;
  let app: LoopbackReceiver;
  const out = { stdout: '', stderr: '' };
  const io = (): CliIo => ({
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    env: { WEBHOOKS_API_KEY: DEFAULT_API_KEY, WEBHOOKS_BASE_URL: emulator.url },
    cwd: process.cwd(),
  });

  // A fresh emulator for each page: the two commands notify the same users, whose 30-second window would hold the second.
  beforeEach(async () => {
    emulator = await startEmulator({ miniAppDomain: 'app.example.com' });
    app = await startReceiver(async () => new Response(null, { status: 200 }));
    for (const fid of [3, 4]) {
      expect(
        await runCli(['miniapp', 'send', '--to', app.url, '--event', 'notifications_enabled', '--fid', String(fid), '--wait'], io()),
      ).toBe(0);
    }
  });
  afterEach(async () => {
    await emulator?.stop();
    await app?.close();
  });

  it.each(PAGES)('%s: every token is delivered, none refused for its domain', async (_, page) => {
    const args = notifyCommand(page).map((arg) => arg.replace('http://127.0.0.1:4010', emulator.url));
    out.stdout = '';
    expect(await runCli(args, io()), out.stdout + out.stderr).toBe(0);
    expect(out.stdout).toMatch(/ {2}successful {5}2\n/);
    expect(out.stdout).not.toContain('domain_mismatch');
  });
});

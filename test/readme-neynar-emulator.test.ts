import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freePort } from './support/free-port.js';

// The emulator README's snippets, copied as a user would and run as they are but for the port. Neynar:
// Neynar's SDK creates the webhook on the emulator, the receiver verifies the delivery that follows.
// Mini App: the emulator signs an event as a client, answers the receiver's key lookup as a hub,
// and takes the notification the receiver sends with the token it stored.
const readme = readFileSync(new URL('../packages/emulator/README.md', import.meta.url), 'utf8');
const scratch = new URL('./.tmp/', import.meta.url);
const tsx = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;

function snippet(): string {
  const section = readme
    .split("\n## Developing locally against Neynar's webhooks\n")[1]
    ?.split('\n### From `emulate` to a verified delivery')[1];
  const code = section === undefined ? undefined : /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (code === undefined) throw new Error("packages/emulator/README.md has no ts block under its Neynar section's first heading");
  return code;
}

describe("the emulator README's Neynar snippet", () => {
  it('runs as pasted: the SDK creates the webhook, the receiver verifies and handles the cast, the log says delivered 200', async () => {
    const code = snippet();
    expect(code.match(/3000/g)).toHaveLength(2);
    const port = await freePort();
    mkdirSync(scratch, { recursive: true });
    const file = new URL('readme-neynar-emulator.ts', scratch);
    writeFileSync(file, code.replaceAll('3000', String(port)));
    const { stdout } = await promisify(execFile)(tsx, ['--conditions=source', file.pathname], { timeout: 30_000 });
    expect(stdout).toMatch(/^cast by 412037 : gm @kenji, .*\ndelivered 200\n$/);
  });
});

function miniAppSnippet(): string {
  const section = readme.split('\n## Mini App backend\n')[1];
  const code = section === undefined ? undefined : /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (code === undefined) throw new Error('packages/emulator/README.md has no ts block under its Mini App section');
  return code;
}

describe("the emulator README's Mini App snippet", () => {
  it('runs as pasted: the event verified through the emulator as hub, the token stored, a notification sent with it reaches the client', async () => {
    const code = miniAppSnippet();
    expect(code.match(/3000/g)).toHaveLength(2);
    const port = await freePort();
    mkdirSync(scratch, { recursive: true });
    const file = new URL('readme-miniapp-emulator.ts', scratch);
    writeFileSync(file, code.replaceAll('3000', String(port)));
    const { stdout } = await promisify(execFile)(tsx, ['--conditions=source', file.pathname], { timeout: 30_000 });
    expect(stdout).toBe('delivered 200\nreached 1 of 1 notification\n1 received by fid 3\n');
  });
});

import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freePort } from './support/free-port.js';

// The emulator README's Neynar snippet, copied as a user would and run as it is but for the port:
// Neynar's SDK creates the webhook on the emulator, the receiver verifies the delivery that follows.
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

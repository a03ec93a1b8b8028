import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runBin } from '../test/run-bin.js';
import { COMMANDS } from './commands/registry.js';
import { VERSION } from './version.js';

const builtBin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

describe('social-webhooks', () => {
  it.each(COMMANDS.map((command) => command.name))('%s --help prints its usage, flags and exit codes', async (name) => {
    const result = await runBin([name, '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Usage: social-webhooks ${name}`);
    expect(result.stdout).toContain('--json');
    expect(result.stdout).toContain('Exit codes:');
  });

  it('--help lists every command', async () => {
    const result = await runBin(['--help']);
    expect(result.code).toBe(0);
    for (const command of COMMANDS) expect(result.stdout).toContain(`  ${command.name}`);
  });

  it("the README's Commands table names every command --help lists, one row each, and no other", async () => {
    const help = (await runBin(['--help'])).stdout;
    const listed = [
      ...help
        .slice(help.indexOf('Commands:\n'))
        .split('\n\n')[0]!
        .matchAll(/^ {2}([a-z-]+) {2,}/gm),
    ].map(([, name]) => name);
    expect(listed).toHaveLength(COMMANDS.length);
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('## Commands\n')).split('\n\n')[1]!;
    const rows = [...table.matchAll(/^\| `([a-z-]+)[ `]/gm)].map(([, name]) => name);
    expect(rows).toEqual([...listed, 'help']);
  });

  it('exits 2 with the help on stderr without a command, or for an unknown one', async () => {
    const none = await runBin([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: social-webhooks <command>');
    const unknown = await runBin(['bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command "bogus"/);
  });

  it('--version prints the package version', async () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(VERSION).toBe(manifest.version);
    expect((await runBin(['--version'])).stdout).toBe(`${manifest.version}\n`);
  });

  it.skipIf(!existsSync(builtBin))('the built bin runs with a shebang, from dist', async () => {
    expect(readFileSync(builtBin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const result = await runBin(['test-filter', '--local', '--event', 'follow.created'], { script: builtBin });
    expect(result).toMatchObject({ code: 0, stdout: 'Filter test passed (checked locally).\n' });
  });
});

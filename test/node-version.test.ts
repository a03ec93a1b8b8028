import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// scripts/node-matrix.mjs runs the runtime suites again on each Node of test/node-matrix, naming its
// version in this variable; without it (the main run, on the machine's Node) there is nothing to prove.
const expected = process.env['SOCIAL_WEBHOOKS_NODE_VERSION'];
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const versionOf = (command: string, args: readonly string[]) => execFileSync(command, [...args], { encoding: 'utf8' }).trim();

describe.runIf(expected !== undefined)(`the suites run on Node ${expected ?? '(not set)'}`, () => {
  it('in the test worker', () => {
    expect(process.version).toBe(`v${expected}`);
  });

  it('in every process a test starts: by process.execPath, by `node` on the PATH, and through tsx', () => {
    const print = ['-p', 'process.version'];
    expect(versionOf(process.execPath, print)).toBe(`v${expected}`);
    expect(versionOf('node', print)).toBe(`v${expected}`);
    expect(versionOf(tsx, ['-e', 'console.log(process.version)'])).toBe(`v${expected}`);
  });
});

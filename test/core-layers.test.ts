import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The core's units from the bottom up (packages/core/layers.json): each imports only the units
// before it. eslint.config.js turns that list into `no-restricted-imports` rules; these tests prove
// the rule fires on a back-import, and that the sources as they are obey the order.
const root = new URL('../', import.meta.url).pathname;
const coreSource = path.join(root, 'packages/core/src');
const { layers } = JSON.parse(readFileSync(path.join(root, 'packages/core/layers.json'), 'utf8')) as { layers: string[] };

/** The unit a path inside packages/core/src belongs to: its folder (`header/`) or, at the root, the file. */
function unitOf(relative: string): string {
  const slash = relative.indexOf('/');
  return slash === -1 ? relative : relative.slice(0, slash + 1);
}

function sourceFiles(): string[] {
  return (readdirSync(coreSource, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
}

async function lint(file: string, code: string) {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(coreSource, file) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports');
}

describe("the core's import order", () => {
  it('lists every folder and root file of packages/core/src, so none escapes the rule', () => {
    const units = new Set(sourceFiles().map(unitOf));
    expect([...units].sort()).toEqual([...layers].sort());
  });

  it.each([
    ['a step importing the receiver above it', 'senders/check.ts', "import { createWebhookReceiver } from '../receiver.js';"],
    ['a step importing a later step', 'body/check.ts', "import type { ReceivedEvent } from '../senders/sender.js';"],
    [
      'a sender importing the options above it',
      'senders/neynar/check.ts',
      "import { resolveOptions } from '../../options/resolve-options.js';",
    ],
    ['a store importing the handler step', 'dedupe/check.ts', "export { dispatch } from '../handler/dispatch.js';"],
    ['the vocabulary importing a folder', 'result.ts', "import type { EventName } from './schema/event-names.js';"],
    ['the vocabulary importing the receiver', 'delivery.ts', "import type { WebhookReceiver } from './receiver.js';"],
  ])('fails `pnpm lint` on %s', async (_name, file, code) => {
    const messages = await lint(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain('imports in the core run downward only');
  });

  it.each([
    ['a step importing the vocabulary', 'handler/check.ts', "import { failure } from '../result.js';"],
    ['a step importing an earlier step', 'senders/check.ts', "import { parseBody } from '../body/parse-body.js';"],
    ['a sender importing the seam of its own folder', 'senders/neynar/check.ts', "import type { Sender } from '../sender.js';"],
    ['a file importing its own folder', 'body/check.ts', "import { concatChunks } from './concat-chunks.js';"],
    ['the receiver importing a step', 'receiver.ts', "import { dispatch } from './handler/dispatch.js';"],
  ])('accepts %s', async (_name, file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });

  it('holds in the sources: every relative import points at the same unit or one listed before it', () => {
    const rank = new Map(layers.map((unit, index) => [unit, index]));
    const upward: string[] = [];
    for (const file of sourceFiles()) {
      const text = readFileSync(path.join(coreSource, file), 'utf8');
      for (const [, specifier] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier!)).replace(/\.js$/, '.ts');
        const from = unitOf(file);
        const to = unitOf(target);
        if (from !== to && rank.get(to)! >= rank.get(from)!) upward.push(`${file} -> ${target}`);
      }
    }
    // Imports only downward means no cycle between units either.
    expect(upward).toEqual([]);
  });
});

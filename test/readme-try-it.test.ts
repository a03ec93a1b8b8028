import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { freePort } from './support/free-port.js';
import { codeBlocks, readMarkdown } from './support/markdown.js';

// Each quickstart of the start page (and docs/neynar.md's Express one), tried as its "Try it" says: the snippet run whole (as
// readme-framework-quickstarts.test.ts runs it, but for the framework import and the ports), and
// every command of the shell block under it run as written: `npx social-webhooks …` is the CLI of
// this workspace, `curl` is curl, in a folder holding the files the section gives. Each command's
// comment is what it must print: every word of it appears in the command's output.
const scratch = new URL('./.tmp/try-it/', import.meta.url);
const tsx = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;
const cli = new URL('../packages/cli/src/bin.ts', import.meta.url).pathname;
const run = promisify(execFile);

interface Section {
  readonly code: string;
  readonly shell: string;
  /** The files the section gives (`forged-event.json`), by name. */
  readonly files: Record<string, string>;
}

/** Where a quickstart and its "Try it" are: the ts block under `heading`, the sh block under `tryIt`. */
interface TryIt {
  readonly file: string;
  readonly heading: string;
  readonly tryIt: string;
}

const TRY_ITS: readonly TryIt[] = [
  { file: 'README.md', heading: 'Neynar', tryIt: 'Neynar' },
  { file: 'README.md', heading: 'Mini App events', tryIt: 'Mini App events' },
  { file: 'README.md', heading: 'The founding service', tryIt: 'The founding service' },
  { file: 'docs/neynar.md', heading: 'Express', tryIt: 'Try it' },
];

function section({ file, heading, tryIt }: TryIt): Section {
  const blocks = codeBlocks(file);
  const code = blocks.find((block) => block.heading === heading && block.lang === 'ts')?.code;
  const shell = blocks.find((block) => block.heading === tryIt && block.lang === 'sh')?.code;
  if (code === undefined || shell === undefined) throw new Error(`${file}: no ts block under ${heading}, or no sh block under ${tryIt}`);
  const files: Record<string, string> = {};
  for (const block of blocks.filter((candidate) => candidate.heading === tryIt && candidate.lang === 'json')) {
    // The paragraph just above the block names the file.
    const above = readMarkdown(file)
      .split('\n')
      .slice(0, block.line - 1)
      .join('\n')
      .trimEnd();
    const name = /`([\w.-]+\.json)`/.exec(above.slice(above.lastIndexOf('\n\n')))?.[1];
    if (name === undefined) throw new Error(`${file}:${block.line}: a json block that no file name introduces`);
    files[name] = block.code;
  }
  return { code, shell, files };
}

/** A line of a shell block: its words as the shell splits them (single quotes, no expansion). */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map(([, quoted, bare]) => quoted ?? bare!);
}

interface Command {
  readonly argv: string[];
  readonly expected: string[];
}

/** The block's commands with what each must print, and the variables it exports. */
function parseShell(shell: string): { env: Record<string, string>; commands: Command[] } {
  const env: Record<string, string> = {};
  const commands: Command[] = [];
  for (const line of shell.split('\n').filter((text) => text.trim() !== '')) {
    const at = line.indexOf(' #');
    const [command, comment] = at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 2)];
    const argv = words(command);
    if (argv[0] === 'export') {
      for (const pair of argv.slice(1)) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
      continue;
    }
    commands.push({ argv, expected: comment.split(/[\s,:;()]+/).filter((word) => word !== '') });
  }
  return { env, commands };
}

/** `text` with the ports of the guide (3000 for the app, 4010 for the emulator) swapped for free ones. */
const withPorts = (text: string, app: number, emulator: number) =>
  text.replaceAll('3000', String(app)).replaceAll('4010', String(emulator));

describe.each(TRY_ITS)('$file › $heading, tried as "Try it" says', (where) => {
  const children: ChildServer[] = [];
  afterAll(() => Promise.all(children.map((child) => child.stop())));

  it('answers each command as its comment says: a genuine delivery handled, a forged one refused', async () => {
    const { code, shell, files } = section(where);
    const [appPort, emulatorPort] = [await freePort(), await freePort()];
    const { env, commands } = parseShell(withPorts(shell, appPort, emulatorPort));
    const dir = new URL(`${`${where.file}-${where.heading}`.toLowerCase().replace(/[^a-z]+/g, '-')}/`, scratch);
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(new URL(name, dir), text);

    const app = code.replace("from 'express'", "from 'express5'");
    const file = new URL('app.ts', dir);
    writeFileSync(file, `${withPorts(app, appPort, emulatorPort)}\nconsole.log('LISTENING ${appPort}');\n`);

    const results: { argv: string[]; output: string }[] = [];
    for (const { argv, expected } of commands) {
      expect(['npx', 'curl']).toContain(argv[0]);
      if (argv[0] === 'npx' && argv[2] === 'emulate') {
        // The emulator runs until stopped, in a terminal of its own.
        const emulator = await startChildServer(tsx, ['--conditions=source', cli, ...argv.slice(2), '--port', String(emulatorPort)], {
          ready: /listening on http:\/\/127\.0\.0\.1:(\d+)/,
        });
        children.push(emulator);
        expect(emulator.port).toBe(emulatorPort);
        continue;
      }
      if (results.length === 0) {
        // The app starts once the emulator (when there is one) is up, with the variables the block exports.
        children.push(await startChildServer(tsx, ['--conditions=source', file.pathname], { env, cwd: dir.pathname }));
      }
      const [command, ...args] = argv[0] === 'npx' ? [tsx, '--conditions=source', cli, ...argv.slice(2)] : argv;
      const { stdout } = await run(command!, args, { cwd: dir.pathname, env: { ...process.env, ...env }, timeout: 30_000 }).catch(
        (error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
      );
      results.push({ argv, output: stdout });
      for (const word of expected) expect(stdout, `${argv.join(' ')} printed:\n${stdout}`).toContain(word);
    }
    // A genuine delivery and a forged one, at least.
    expect(results.length).toBeGreaterThanOrEqual(2);
  });
});

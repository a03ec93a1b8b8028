import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createClient } from 'redis';
import { expect } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '@social-webhooks/emulator';
import { startChildServer, type ChildServer } from './child-server.js';
import { codeBlocks, type CodeBlock } from './markdown.js';
import { startNotificationClient, type StandInClient } from './notification-client.js';
import { startRedis, type RedisServer } from './redis-server.js';
import { denoRunArgs, npmBinary } from './runtimes.js';

// The guides' snippets as whole programs, run as pasted: the machinery the snippet tests share. A
// TypeScript fence that imports something starts a program; one that imports nothing continues the
// program above it (so a page can show a program a step at a time). A fence that cannot run says so
// in its info string, `no-run: <why>`; any other fence that is not TypeScript fails.

const root = new URL('../..', import.meta.url).pathname;
const scratch = new URL('../.tmp/snippet-programs/', import.meta.url);
const TS = new Set(['ts', 'typescript', 'js', 'javascript']);

export interface Program {
  /** `file › heading` of its first fence. */
  readonly name: string;
  code: string;
}

/** The programs of a page, and the fences it says do not run. */
export function programsOf(file: string): { programs: Program[]; excluded: CodeBlock[] } {
  const programs: Program[] = [];
  const excluded: CodeBlock[] = [];
  for (const block of codeBlocks(file)) {
    if (block.info.startsWith('no-run:')) {
      expect(block.info.slice('no-run:'.length).trim(), `${file}:${block.line}: no-run without a reason`).not.toBe('');
      excluded.push(block);
    } else if (!TS.has(block.lang)) {
      throw new Error(`${file}:${block.line}: a ${block.lang || 'plain'} fence that neither runs nor says why (\`no-run: <why>\`)`);
    } else if (/^import /m.test(block.code)) {
      programs.push({ name: `${file} › ${block.heading}`, code: block.code });
    } else {
      const last = programs.at(-1);
      if (last === undefined) throw new Error(`${file}:${block.line}: a fence that imports nothing continues no program`);
      last.code += `\n${block.code}`;
    }
  }
  return { programs, excluded };
}

/** What was started for one program; `stopStarted()` (in an `afterEach`) stops it, newest first. */
const started: { stop(): Promise<unknown> }[] = [];

/** Stops everything started for the last program, even after a failure; throws the first error after trying them all. */
export async function stopStarted(): Promise<void> {
  const errors: unknown[] = [];
  for (const thing of started.splice(0).reverse()) await thing.stop().catch((error: unknown) => errors.push(error));
  if (errors.length > 0) throw errors[0];
}

/** Stops `thing` after the program, with the rest. */
export function afterProgram(thing: { stop(): Promise<unknown> }): void {
  started.push(thing);
}

export type RunningProgram = ChildServer & { url: string };

/** The runtimes a snippet may be meant for: Node (with tsx's loader), Bun and Deno (each its own TypeScript). */
export type SnippetRuntime = 'node' | 'bun' | 'deno';
const RUNTIMES: Record<SnippetRuntime, (file: string) => string[]> = {
  node: (file) => [process.execPath, '--import', 'tsx', '--conditions=source', file],
  bun: (file) => [npmBinary('bun'), '--conditions=source', file],
  deno: (file) => [npmBinary('deno'), ...denoRunArgs(file)],
};

/**
 * Runs a program as pasted on a free port (the `3000` it listens on), its imports of `express` given Express 5,
 * as one process of `runtime` (Node with tsx's loader by default; so a kill reaches the program; one that ignores SIGTERM is
 * killed after 10 s). Resolves once every top-level statement has run (the server listens, the
 * broadcast is done); `lines` keeps what it prints.
 */
export async function runProgram(program: Program, env: NodeJS.ProcessEnv, runtime: SnippetRuntime = 'node'): Promise<RunningProgram> {
  const listen = await programPort();
  mkdirSync(scratch, { recursive: true });
  const file = new URL(`${program.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${listen}.ts`, scratch);
  // The port a program listens on and its URLs name (`listen(3000`, `:3000/`, `PORT ?? 3000`), not every 3000 (`respondWithin: 3000`).
  const code = program.code.replace("from 'express'", "from 'express5'").replace(/(?<=listen\(|:|\?\? )3000\b/g, String(listen));
  writeFileSync(file, `${code}\nconsole.log('SNIPPET READY ${listen}');\n`);
  const [command, ...args] = RUNTIMES[runtime](file.pathname);
  const child = await startChildServer(command!, args, {
    cwd: root,
    env,
    ready: /SNIPPET READY (\d+)/,
    timeoutMs: 60_000,
  });
  const stop = child.stop;
  started.push({
    stop: () => {
      const kill = setTimeout(() => child.child.kill('SIGKILL'), 10_000);
      return stop().finally(() => clearTimeout(kill));
    },
  });
  return Object.assign(child, { url: `http://127.0.0.1:${listen}` });
}

/**
 * A port for a program, below the OS's ephemeral range (Linux: 32768 and up), and free on every
 * address a moment ago. Not `freePort()`'s port 0: that one comes from the range the outgoing
 * connections of the programs, Redis clients and test files running alongside draw their local
 * ports from, so it could be taken before the program listens, and a request meant for it answered
 * by another program (a 401 under another secret).
 */
const handedOut = new Set<number>();
async function programPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, () => server.close(() => resolve(true)));
    });
    if (free && !handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

export type SnippetRedis = RedisServer & { client: ReturnType<typeof createClient> };

/** A real redis-server and a client of it, stopped after the program. */
export async function redisServer(): Promise<SnippetRedis> {
  const redis = await startRedis();
  const client = createClient({ url: redis.url });
  await client.connect();
  const stopServer = redis.stop;
  const both = Object.assign(redis, {
    client,
    stop: async () => {
      await client.quit();
      await stopServer();
    },
  });
  started.push(both);
  return both;
}

/** The strict stand-in Farcaster client for `domain`, stopped after the program. */
export async function standIn(domain: string): Promise<StandInClient> {
  const client = await startNotificationClient({ domain });
  started.push({ stop: () => client.close() });
  return client;
}

/** The emulator, stopped after the program. */
export async function emulator(options: EmulatorOptions = { miniAppDomain: 'app.example.com' }): Promise<Emulator> {
  const emulator = await startEmulator(options);
  started.push(emulator);
  return emulator;
}

export const post = (url: string, init: { headers: Record<string, string>; body: string }) => fetch(url, { method: 'POST', ...init });
export const lines = (servers: readonly ChildServer[], pattern: RegExp) =>
  servers.flatMap((server) => server.lines).filter((line) => pattern.test(line));
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A program that handles SIGTERM lets go of what it holds, and so exits, with 0, within 15 s. */
export async function exits(child: ChildServer): Promise<void> {
  const exited = await Promise.race([child.stop().then(() => true), sleep(15_000).then(() => false)]);
  expect(exited, 'the program did not exit within 15 s of SIGTERM').toBe(true);
  expect(child.child.exitCode).toBe(0);
}

/** A program that runs to its end (closes what it opened) exits by itself, with 0, within 15 s. */
export async function ends(child: ChildServer): Promise<void> {
  const exit = new Promise<number | null>((resolve) =>
    child.child.exitCode !== null ? resolve(child.child.exitCode) : child.child.once('exit', (code) => resolve(code)),
  );
  const code = await Promise.race([exit, sleep(15_000).then(() => 'still running')]);
  expect(code, 'the program did not exit by itself within 15 s of its last statement').toBe(0);
}

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNeynarEventName, type NeynarEventName } from '@social-webhooks/core';
import { buildNeynarDelivery } from '@social-webhooks/core/testing';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { freePort } from './support/free-port.js';
import { Miniflare } from 'miniflare';
import { bundleWorker, denoRunArgs, npmBinary } from './support/runtimes.js';

// docs/neynar.md's quickstarts, run as a user pastes them: the servers (Express, Fastify, Hono on
// @hono/node-server, Node, Koa, NestJS) in a child process on Node as
// readme-framework-quickstarts.test.ts runs the README's, but for the framework import (the suite
// installs each major under an alias) and the port; the Bun and Deno servers the same way, on Bun and
// on Deno; the Worker on workerd (Miniflare), bundled as the runtime tests bundle theirs; the modules
// (the Next.js route, Lambda) imported and called. Each gets a delivery signed
// with the secret it reads, and a forged one.
const guide = readFileSync(new URL('../docs/neynar.md', import.meta.url), 'utf8');
const scratch = new URL('./.tmp/', import.meta.url);
const tsx = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;
const SECRET = 'neynar-quickstart-secret';

interface Snippet {
  readonly heading: string;
  readonly code: string;
  /** The event type its `on` map handles first (Lambda: the one it checks for). */
  readonly type: NeynarEventName;
}

function snippets(): Snippet[] {
  const section = guide.slice(guide.indexOf('\n## Quickstarts'), guide.indexOf('\n## Events'));
  return section
    .split('\n### ')
    .slice(1)
    .flatMap((part) => {
      const heading = part.slice(0, part.indexOf('\n'));
      return [...part.matchAll(/```ts\n([\s\S]*?)```/g)].map(([, code]) => {
        const type = /'([a-z]+\.[a-z]+)'/.exec(code!)?.[1];
        if (!isNeynarEventName(type)) throw new Error(`docs/neynar.md: no event type in a "${heading}" snippet`);
        return { heading, code: code!, type };
      });
    });
}

const all = snippets();
const signed = (type: NeynarEventName, secret = SECRET) => buildNeynarDelivery({ secret, type });

it('has a quickstart for Express, Fastify, Hono, Node, Koa, NestJS, the Web handler (Bun, Deno, Next.js, Workers) and Lambda', () => {
  expect(all.map((snippet) => snippet.heading.split(' ')[0])).toEqual([
    'Express',
    'Fastify',
    'Hono',
    'Node',
    'Koa',
    'NestJS',
    'Web',
    'Web',
    'Web',
    'Web',
    'Framework-free',
  ]);
});

/** How a server snippet is started: on which runtime, and the import the suite aliases. */
interface Server {
  readonly runtime: 'node' | 'bun' | 'deno';
  readonly from: string;
  readonly to: string;
}

const SERVERS: Readonly<Record<string, Server>> = {
  Express: { runtime: 'node', from: "from 'express'", to: "from 'express5'" },
  Fastify: { runtime: 'node', from: "from 'fastify'", to: "from 'fastify5'" },
  Hono: { runtime: 'node', from: "from '@hono/node-server'", to: "from '@hono/node-server'" },
  Node: { runtime: 'node', from: "from 'node:http'", to: "from 'node:http'" },
  Koa: { runtime: 'node', from: "from 'koa'", to: "from 'koa3'" },
  NestJS: { runtime: 'node', from: "from '@nestjs/core'", to: "from '@nestjs/core'" },
};

/** A snippet that starts a server: by its heading, or by the runtime's own `serve` it calls. */
function serverOf({ heading, code }: Snippet): Server | undefined {
  if (code.includes('Bun.serve(')) return { runtime: 'bun', from: 'Bun.serve(', to: 'Bun.serve(' };
  if (code.includes('Deno.serve(')) return { runtime: 'deno', from: 'Deno.serve(', to: 'Deno.serve(' };
  return SERVERS[heading.split(' ')[0]!];
}

/** The command that runs a file on each runtime, as the conformance suite runs its servers. */
function command(runtime: Server['runtime'], file: string): [string, string[]] {
  if (runtime === 'bun') return [npmBinary('bun'), ['--conditions=source', file]];
  if (runtime === 'deno') return [npmBinary('deno'), denoRunArgs(file, { allowNet: ['0.0.0.0', '127.0.0.1'] })];
  return [tsx, ['--conditions=source', file]];
}

describe.each(all.filter((snippet) => serverOf(snippet) !== undefined))('$heading (a server)', (snippet) => {
  let server: ChildServer | undefined;
  afterAll(() => server?.stop());
  const { runtime, from, to } = serverOf(snippet)!;

  it(`runs as pasted on ${runtime}: receives a signed delivery, logs it, and refuses a forged one 401`, async () => {
    expect(snippet.code).toContain(from);
    expect(snippet.code).toContain('3000');
    const port = await freePort();
    mkdirSync(scratch, { recursive: true });
    const file = new URL(`neynar-quickstart-${all.indexOf(snippet)}-${runtime}.ts`, scratch);
    writeFileSync(file, `${snippet.code.replace(from, to).replace('3000', String(port))}\nconsole.log('LISTENING ${port}');\n`);
    const [binary, args] = command(runtime, file.pathname);
    server = await startChildServer(binary, args, { env: { NEYNAR_WEBHOOK_SECRET: SECRET } });
    const url = `http://127.0.0.1:${server.port}/webhook`;
    const response = await fetch(url, { method: 'POST', ...(await signed(snippet.type)) });
    expect([response.status, await response.json()]).toEqual([200, 'ok']);
    expect((await fetch(url, { method: 'POST', ...(await signed(snippet.type, 'forged')) })).status).toBe(401);
    await expect.poll(() => server!.lines.length).toBeGreaterThan(1);
  });
});

/** The Worker: its module exports `default { fetch }` and reads its secret from the env binding. */
const isWorker = ({ code }: Snippet) => code.includes('ExecutionContext') && code.includes('export default {');

describe.each(all.filter(isWorker))('$heading (a Worker)', (snippet) => {
  let miniflare: Miniflare | undefined;
  afterAll(() => miniflare?.dispose());

  it('runs as pasted on workerd (Miniflare), the secret a binding: a signed delivery 200, a forged one 401', async () => {
    mkdirSync(scratch, { recursive: true });
    const file = new URL(`neynar-quickstart-${all.indexOf(snippet)}-worker.ts`, scratch);
    writeFileSync(file, snippet.code);
    const script = await bundleWorker(file.pathname);
    miniflare = new Miniflare({ modules: true, script, compatibilityDate: '2025-01-01', bindings: { NEYNAR_WEBHOOK_SECRET: SECRET } });
    const url = new URL('/webhook', await miniflare.ready);
    const post = async (secret?: string) => (await fetch(url, { method: 'POST', ...(await signed(snippet.type, secret)) })).status;
    expect(await post()).toBe(200);
    expect(await post('forged')).toBe(401);
  });
});

describe.each(all.filter((snippet) => serverOf(snippet) === undefined && !isWorker(snippet)))('$heading ($type)', (snippet) => {
  const logged = vi.fn();
  beforeEach(() => {
    vi.stubEnv('NEYNAR_WEBHOOK_SECRET', SECRET);
    vi.spyOn(console, 'log').mockImplementation(logged);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('handles a signed delivery as pasted, and refuses a forged one 401', async () => {
    mkdirSync(scratch, { recursive: true });
    const file = new URL(`neynar-quickstart-module-${all.indexOf(snippet)}.ts`, scratch);
    writeFileSync(file, snippet.code);
    const module = (await import(file.href)) as Record<string, unknown>;
    const answer = entryOf(module);
    const post = async (secret?: string) => answer(await signed(snippet.type, secret));
    expect(await post()).toBe(200);
    expect(await post('forged')).toBe(401);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});

type Built = Awaited<ReturnType<typeof signed>>;

/** How each kind of module takes a delivery, answering its status. */
function entryOf(module: Record<string, unknown>) {
  const request = ({ headers, body }: Built) => new Request('http://localhost/webhook', { method: 'POST', headers, body });
  const { POST, handler } = module as {
    POST?: (request: Request) => Promise<Response>;
    handler?: (event: { headers: Record<string, string>; body: string; isBase64Encoded: boolean }) => Promise<{ statusCode: number }>;
  };
  if (POST !== undefined) return async (built: Built) => (await POST(request(built))).status;
  if (handler !== undefined)
    return async ({ headers, body }: Built) => (await handler({ headers, body, isBase64Encoded: false })).statusCode;
  throw new Error(`a docs/neynar.md snippet exports nothing the test knows how to call: ${Object.keys(module).join(', ')}`);
}

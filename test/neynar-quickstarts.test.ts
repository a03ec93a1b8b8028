import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNeynarEventName, type NeynarEventName } from '@social-webhooks/core';
import { buildNeynarDelivery } from '@social-webhooks/core/testing';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { freePort } from './support/free-port.js';

// docs/neynar.md's quickstarts, run as a user pastes them: the servers (Express, Fastify, Node, Koa,
// NestJS) in a child process as readme-framework-quickstarts.test.ts runs the README's, but for the
// framework import (the suite installs each major under an alias) and the port; the modules (Hono,
// the Web handler under Bun and Deno, Next.js, the Worker, Lambda) imported and called. Each gets a
// delivery signed with the secret it reads, and a forged one.
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

it('has a quickstart for Express, Fastify, Hono, Node, Koa, NestJS, the Web handler (Bun and Deno, Next.js, Workers) and Lambda', () => {
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
    'Framework-free',
  ]);
});

const SERVERS: Readonly<Record<string, readonly [from: string, to: string]>> = {
  Express: ["from 'express'", "from 'express5'"],
  Fastify: ["from 'fastify'", "from 'fastify5'"],
  Node: ["from 'node:http'", "from 'node:http'"],
  Koa: ["from 'koa'", "from 'koa3'"],
  NestJS: ["from '@nestjs/core'", "from '@nestjs/core'"],
};

describe.each(all.filter((snippet) => snippet.heading.split(' ')[0]! in SERVERS))('$heading', ({ heading, code, type }) => {
  let server: ChildServer | undefined;
  afterAll(() => server?.stop());

  it('receives a signed delivery, logs it, and refuses a forged one 401', async () => {
    const [from, to] = SERVERS[heading.split(' ')[0]!]!;
    expect(code).toContain(from);
    const port = await freePort();
    mkdirSync(scratch, { recursive: true });
    const file = new URL(`neynar-quickstart-${heading.split(' ')[0]!.toLowerCase()}.ts`, scratch);
    writeFileSync(file, `${code.replace(from, to).replace('3000', String(port))}\nconsole.log('LISTENING ${port}');\n`);
    server = await startChildServer(tsx, ['--conditions=source', file.pathname], { env: { NEYNAR_WEBHOOK_SECRET: SECRET } });
    const url = `http://127.0.0.1:${server.port}/webhook`;
    const response = await fetch(url, { method: 'POST', ...(await signed(type)) });
    expect([response.status, await response.json()]).toEqual([200, 'ok']);
    expect((await fetch(url, { method: 'POST', ...(await signed(type, 'forged')) })).status).toBe(401);
    await expect.poll(() => server!.lines.length).toBeGreaterThan(1);
  });
});

describe.each(all.filter((snippet) => !(snippet.heading.split(' ')[0]! in SERVERS)))('$heading ($type)', (snippet) => {
  const served: ((request: Request) => Promise<Response>)[] = [];
  const logged = vi.fn();
  beforeEach(() => {
    vi.stubEnv('NEYNAR_WEBHOOK_SECRET', SECRET);
    // What Bun and Deno would be given: the handler, captured.
    vi.stubGlobal('Bun', { serve: ({ fetch }: { fetch: (request: Request) => Promise<Response> }) => void served.push(fetch) });
    vi.stubGlobal('Deno', { serve: (fetch: (request: Request) => Promise<Response>) => void served.push(fetch) });
    vi.spyOn(console, 'log').mockImplementation(logged);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('handles a signed delivery as pasted, and refuses a forged one 401', async () => {
    mkdirSync(scratch, { recursive: true });
    const file = new URL(`neynar-quickstart-module-${all.indexOf(snippet)}.ts`, scratch);
    writeFileSync(file, snippet.code);
    const module = (await import(file.href)) as Record<string, unknown>;
    const answer = await entryOf(module, served);
    const post = async (secret?: string) => answer(await signed(snippet.type, secret));
    expect(await post()).toBe(200);
    expect(await post('forged')).toBe(401);
    expect(logged).toHaveBeenCalledTimes(served.length === 2 ? 2 : 1);
  });
});

type Built = Awaited<ReturnType<typeof signed>>;

/** How each kind of module takes a delivery, answering its status. */
async function entryOf(module: Record<string, unknown>, served: ((request: Request) => Promise<Response>)[]) {
  const request = ({ headers, body }: Built) => new Request('http://localhost/webhook', { method: 'POST', headers, body });
  const {
    default: main,
    POST,
    handler,
  } = module as {
    default?: { fetch?: (request: Request, env: object, ctx: object) => Promise<Response>; request?: unknown };
    POST?: (request: Request) => Promise<Response>;
    handler?: (event: { headers: Record<string, string>; body: string; isBase64Encoded: boolean }) => Promise<{ statusCode: number }>;
  };
  if (served.length > 0) {
    // Bun and Deno, each served the same handler.
    return async (built: Built) => {
      const statuses = await Promise.all(served.map(async (fetch) => (await fetch(request(built))).status));
      return new Set(statuses).size === 1 ? statuses[0]! : NaN;
    };
  }
  if (POST !== undefined) return async (built: Built) => (await POST(request(built))).status;
  if (handler !== undefined)
    return async ({ headers, body }: Built) => (await handler({ headers, body, isBase64Encoded: false })).statusCode;
  if (typeof main?.request === 'function')
    return async (built: Built) => (await (main as { request: typeof fetch }).request(request(built))).status;
  if (typeof main?.fetch === 'function') {
    const fetchOf = main.fetch;
    return async (built: Built) =>
      (await fetchOf(request(built), { NEYNAR_WEBHOOK_SECRET: SECRET }, { waitUntil: () => undefined })).status;
  }
  throw new Error(`a docs/neynar.md snippet exports nothing the test knows how to call: ${Object.keys(module).join(', ')}`);
}

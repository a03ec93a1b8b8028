import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { createServer } from 'node:http';
import express5 from 'express5';
import fastify5 from 'fastify5';
import { Hono } from 'hono';
import request from 'supertest';
import { createJsonFarcasterSignature } from '@farcaster/miniapp-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as core from '@social-webhooks/core';
import { EVENT_NAMES, NEYNAR_EVENT_NAMES, webhookHandler as webHandler, type EventName } from '@social-webhooks/core';
import { buildDelivery, buildNeynarDelivery } from '@social-webhooks/core/testing';
import * as express from '@social-webhooks/express';
import { webhookHandler as expressHandler } from '@social-webhooks/express';
import * as fastify from '@social-webhooks/fastify';
import { webhookPlugin } from '@social-webhooks/fastify';
import * as hono from '@social-webhooks/hono';
import { webhookHandler as honoHandler } from '@social-webhooks/hono';
import * as node from '@social-webhooks/node';
import * as redis from '@social-webhooks/redis';
import { webhookHandler as nodeHandler } from '@social-webhooks/node';
import { compileSnippets } from './support/compile-snippets.js';
import { codeBlocks, guideFiles } from './support/markdown.js';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { eventually } from './support/queue-processes.js';

// The quickstarts as a user pastes them, wherever they live (the start page or a guide): the options
// of every `webhookHandler({ ... })` (Fastify: `register(webhookPlugin, { ... })`) in a block that
// imports it from a package of ours and spells its `on` map out, run on that package's adapter with
// the environment the guide tells the user to set, the names the block imports in scope, and what it
// builds with them first (a token store). The founding service's deliveries
// come in both body forms it is documented to send (docs/contract.md §Body forms: the envelope, and
// the flat payload of the final docs); a sender's, as that sender signs them (docs/contract.md §Senders).
const SECRET = 'readme-header-value';

// Mini App events are signed with an app key and proven by a hub lookup over the network. The test
// signs with a key of its own, with the reference's signer, and the two lookups a quickstart may
// build answer for that key, after checking the options the quickstart gives them.
const APP_KEY_SEED = new Uint8Array(32).fill(7);
const MINI_APP_FID = 3;
const MINI_APP_CLIENT_FID = 9152;
const signMiniAppEvent = (payload: unknown) =>
  createJsonFarcasterSignature({
    fid: MINI_APP_FID,
    type: 'app_key',
    privateKey: APP_KEY_SEED,
    payload: new TextEncoder().encode(JSON.stringify(payload)),
  });
const APP_KEY = (JSON.parse(Buffer.from(signMiniAppEvent({}).header, 'base64url').toString()) as { key: string }).key;
const testLookup = async (fid: number, appKey: string) =>
  fid === MINI_APP_FID && appKey === APP_KEY ? { valid: true, appFid: MINI_APP_CLIENT_FID } : { valid: false };
const LOOKUPS: Record<string, (options: Record<string, unknown>) => typeof testLookup> = {
  verifyAppKeyWithNeynar(options) {
    expect(options['apiKey']).toBe(ENV.NEYNAR_API_KEY);
    return testLookup;
  },
  verifyAppKeyWithHub(options) {
    expect(String(options['hubUrl'])).toMatch(/^https?:\/\//);
    return testLookup;
  },
};

/**
 * Every quickstart, by file and heading: a snippet moved to another guide moves here too, and one
 * that stops being found (a renamed import, a block turned into prose) fails this list rather than
 * silently running no more.
 */
const INVENTORY = [
  'README.md › Neynar: express, neynar',
  'README.md › Mini App events: express, miniapp',
  'README.md › The founding service: express, airstack',
  'docs/frameworks.md › Express: express, airstack',
  'docs/frameworks.md › Fastify: fastify, airstack',
  'docs/frameworks.md › Node (`node:http` and Connect): node, airstack',
  'docs/frameworks.md › Koa: node, airstack',
  'docs/frameworks.md › NestJS: node, airstack',
  'docs/frameworks.md › Hono: hono, airstack',
  'docs/neynar.md › Express: express, neynar',
  'docs/neynar.md › Hono: hono, neynar',
  'docs/neynar.md › Node (`node:http` and Connect): node, neynar',
  'docs/neynar.md › Koa: node, neynar',
  'docs/neynar.md › NestJS: node, neynar',
  'docs/neynar.md › Web handler (Bun, Deno, Workers, Next.js route handlers): web, neynar',
  'docs/neynar.md › Web handler (Bun, Deno, Workers, Next.js route handlers): web, neynar',
  'docs/neynar.md › Web handler (Bun, Deno, Workers, Next.js route handlers): web, neynar',
  'docs/neynar.md › Web handler (Bun, Deno, Workers, Next.js route handlers): web, neynar',
  'docs/runtimes.md › Bun and Deno: web, airstack',
  'docs/runtimes.md › Bun and Deno: web, airstack',
  'docs/runtimes.md › Next.js (App Router): web, airstack',
  'docs/runtimes.md › Cloudflare Workers: web, airstack',
  'docs/runtimes.md › Cloudflare Workers: web, neynar',
];

/** The modules a quickstart may import names from, so its options evaluate as written. */
const MODULES: Record<string, Record<string, unknown>> = {
  '@social-webhooks/core': core,
  '@social-webhooks/express': express,
  '@social-webhooks/fastify': fastify,
  '@social-webhooks/hono': hono,
  '@social-webhooks/node': node,
  '@social-webhooks/redis': redis,
};

const ADAPTERS = {
  '@social-webhooks/core': 'web',
  '@social-webhooks/express': 'express',
  '@social-webhooks/fastify': 'fastify',
  '@social-webhooks/hono': 'hono',
  '@social-webhooks/node': 'node',
} as const;

interface Snippet {
  readonly adapter: (typeof ADAPTERS)[keyof typeof ADAPTERS];
  readonly file: string;
  readonly heading: string;
  readonly optionsText: string;
  /** The whole block the options are in, and the line of its fence. */
  readonly code: string;
  readonly line: number;
  /** The sender its options name: `neynar` for `sender: neynarSender(…)`, the founding service's `airstack` without one. */
  readonly sender: string;
  /** The names the block imports from our packages, with their values. */
  readonly scope: Record<string, unknown>;
  /** What the block builds before its handler with one of those names (`const tokens = memoryTokenStore();`). */
  readonly prelude: readonly string[];
}

// A `const` built by a call (`const tokens = memoryTokenStore();`) or an arrow function (`const welcome = (fid) => …;`), on one line or several.
const PRELUDE = /^const (\w+) = (?:(\w+)\(|\([^)]*\) =>)[\s\S]*?;$/gm;
const IMPORT = /^import\s+\{([^}]*)\}\s+from\s+'(@social-webhooks\/[a-z]+)';$/gm;

// These guides' blocks are whole programs, each run as such by package-snippets.test.ts and guide-snippets.test.ts;
// deploy-vercel.md's are examples/nextjs-miniapp's files, built and served by that example's tests.
const WHOLE_PROGRAMS = [
  'docs/deploy-vercel.md',
  'docs/notifications.md',
  'docs/reliability.md',
  'docs/archive.md',
  'docs/observability.md',
  'docs/testing.md',
  'docs/subscriptions.md',
  'docs/emulator.md',
  'docs/options.md',
  'docs/deploy-cloudflare.md',
];

function snippets(): Snippet[] {
  const found: Snippet[] = [];
  for (const block of guideFiles()
    .filter((file) => !WHOLE_PROGRAMS.includes(file))
    .flatMap(codeBlocks)) {
    if (block.lang !== 'ts') continue;
    const scope: Record<string, unknown> = {};
    let adapter: Snippet['adapter'] | undefined;
    for (const [, names, from] of block.code.matchAll(IMPORT)) {
      const module = MODULES[from!];
      if (module === undefined) continue;
      for (const name of names!
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '' && !part.startsWith('type '))) {
        scope[name] = LOOKUPS[name] ?? module[name];
        if (name === 'webhookHandler' || name === 'webhookPlugin') adapter = ADAPTERS[from as keyof typeof ADAPTERS];
      }
    }
    if (adapter === undefined) continue;
    // Fastify's options are the plugin's, given to `register`.
    const call = adapter === 'fastify' ? 'register(webhookPlugin, ' : 'webhookHandler(';
    let at = block.code.indexOf(`${call}{`);
    while (at >= 0) {
      const optionsText = balanced(block.code, at + call.length);
      // A quickstart writes its handlers out; `webhookHandler({ secret, on, dedupe })` is a fragment
      // of a guide that shows one option, not a program.
      const sender = /\bsender: (\w+)Sender\(/.exec(optionsText)?.[1]?.toLowerCase() ?? 'airstack';
      const prelude = [...block.code.slice(0, at).matchAll(PRELUDE)]
        .filter(([, , callee]) => callee === undefined || callee in scope)
        .map(([line]) => line!);
      if (/\bon: \{/.test(optionsText)) found.push({ ...block, adapter, optionsText, sender, scope, prelude });
      at = block.code.indexOf(`${call}{`, at + 1);
    }
  }
  return found;
}

/** The text of the object literal that starts at `start`, up to its matching brace. */
function balanced(text: string, start: number): string {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    if (text[index] === '{' || text[index] === '(') depth++;
    if (text[index] === '}' || text[index] === ')') depth--;
    if (depth === 0) return text.slice(start, index + 1);
  }
  throw new Error(`unbalanced webhookHandler options in the README: ${text.slice(start, start + 80)}`);
}

/** The environment the guides tell the user to set. */
const ENV = { WEBHOOK_SECRET: SECRET, NEYNAR_WEBHOOK_SECRET: SECRET, NEYNAR_API_KEY: 'readme-neynar-api-key' };

/**
 * Evaluates the snippet's options with that environment, the names it imports, and what its prelude
 * builds with them; answers the options and the prelude's values.
 */
function evaluate(
  optionsText: string,
  logged: unknown[][],
  scope: Record<string, unknown> = {},
  prelude: readonly string[] = [],
): { options: Record<string, unknown>; built: unknown[] } {
  const names = prelude.map((line) => /^const (\w+)/.exec(line)![1]!);
  const { code } = transformSync(`${prelude.join('\n')}\nconst options = (${optionsText});`, { loader: 'ts' });
  const fakeConsole = { log: (...args: unknown[]) => logged.push(args) };
  // `bindings` is the Worker snippet's copy of `env`; `Deno` the Deno snippet's way to read it.
  const deno = { env: { get: (name: string) => (ENV as Record<string, string>)[name] } };
  const parameters = ['process', 'console', 'bindings', 'Deno', ...Object.keys(scope)];
  const values = [{ env: ENV }, fakeConsole, ENV, deno, ...Object.values(scope)];
  const run = new Function(...parameters, `${code}\nreturn { options, built: [${names.join(', ')}] };`);
  return run(...values) as { options: Record<string, unknown>; built: unknown[] };
}

/** What a quickstart's handlers leave behind: the lines they print, and the tokens a token store it built holds. */
async function effects(logged: unknown[][], built: readonly unknown[]): Promise<number> {
  let count = logged.length;
  for (const value of built) {
    const store = value as { get?: unknown; list?: unknown };
    if (typeof store.get === 'function' && typeof store.list === 'function') {
      count += (await (store.get as (fid: number) => Promise<readonly unknown[]>)(MINI_APP_FID)).length;
    }
  }
  return count;
}

/** The deliveries a snippet's sender sends for the first event of its `on` map. */
async function deliveriesFor(
  options: Record<string, unknown>,
): Promise<{ form: string; delivery: { headers: Record<string, string>; body: string } }[]> {
  const eventName = Object.keys(options['on'] as object)[0]!;
  const sender = (options['sender'] as { name?: string } | undefined)?.name ?? 'airstack';
  if (sender === 'miniapp') {
    expect((core as Record<string, unknown>)['MINI_APP_EVENT_NAMES']).toContain(eventName);
    // A quickstart that notifies the user (a welcome) sends to a stand-in client on loopback.
    const details = { url: notificationClient!.url, token: notificationClient!.issue(MINI_APP_FID, MINI_APP_CLIENT_FID) };
    const withDetails = eventName === 'miniapp_added' || eventName === 'notifications_enabled';
    const body = JSON.stringify(signMiniAppEvent({ event: eventName, ...(withDetails ? { notificationDetails: details } : {}) }));
    return [{ form: 'signed', delivery: { headers: { 'content-type': 'application/json' }, body } }];
  }
  if (sender === 'neynar') {
    expect(NEYNAR_EVENT_NAMES).toContain(eventName);
    return [{ form: 'signed', delivery: await buildNeynarDelivery({ secret: SECRET, type: eventName }) }];
  }
  expect(sender).toBe('airstack');
  expect(EVENT_NAMES).toContain(eventName);
  return (['envelope', 'flat'] as const).map((form) => ({
    form,
    delivery: buildDelivery({ secret: SECRET, eventName: eventName as EventName, form }),
  }));
}

async function deliver(
  adapter: Snippet['adapter'],
  options: Record<string, unknown>,
  delivery: { headers: Record<string, string>; body: string },
): Promise<number> {
  if (adapter === 'express') {
    const app = express5().post('/webhook', expressHandler(options as never));
    return (await request(app).post('/webhook').set(delivery.headers).send(delivery.body)).status;
  }
  if (adapter === 'node') {
    return (
      await request(createServer(nodeHandler(options as never)))
        .post('/webhook')
        .set(delivery.headers)
        .send(delivery.body)
    ).status;
  }
  if (adapter === 'fastify') {
    const app = fastify5();
    await app.register(webhookPlugin, options as never);
    return (await app.inject({ method: 'POST', url: '/webhook', headers: delivery.headers, payload: delivery.body })).statusCode;
  }
  if (adapter === 'hono') {
    const app = new Hono().post('/webhook', honoHandler(options as never));
    return (await app.request('/webhook', { method: 'POST', ...delivery })).status;
  }
  return (await webHandler(options as never)(new Request('http://localhost/webhook', { method: 'POST', ...delivery }))).status;
}

/** The options of the `@example` of an adapter's `webhookHandler` JSDoc. */
function jsdocExample(path: string): string {
  const source = readFileSync(new URL(path, import.meta.url), 'utf8');
  const example = source.slice(source.indexOf('@example'), source.indexOf('*/', source.indexOf('@example')));
  const code = example
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n');
  return balanced(code, code.indexOf('webhookHandler({') + 'webhookHandler('.length);
}

describe("the Hono adapter's JSDoc example", () => {
  it.each(['envelope', 'flat'] as const)('works as written on a %s delivery', async (form) => {
    const logged: unknown[][] = [];
    const { options } = evaluate(jsdocExample('../packages/hono/src/webhook-handler.ts'), logged);
    expect(await deliver('hono', options, buildDelivery({ secret: SECRET, eventName: 'profile.updated', form }))).toBe(200);
    expect(logged).toEqual([[expect.any(String), '/webhook']]);
  });
});

let notificationClient: StandInClient | undefined;

describe('the quickstarts of the start page and the guides', () => {
  const all = snippets();
  beforeAll(async () => {
    notificationClient = await startNotificationClient();
  });
  afterAll(async () => {
    await notificationClient?.close();
  });

  it('finds every framework, runtime and sender quickstart where the guides put it', () => {
    expect(all.map(({ file, heading, adapter, sender }) => `${file} › ${heading}: ${adapter}, ${sender}`)).toEqual(INVENTORY);
  });

  const indexed = all.map((snippet, index) => ({ ...snippet, index }));

  it.each(indexed)(
    '$file › $heading ($adapter, #$index): each delivery is answered 200 and handled, unchanged',
    async ({ adapter, optionsText, sender, scope, prelude, code }) => {
      const logged: unknown[][] = [];
      const { options, built } = evaluate(optionsText, logged, scope, prelude);
      expect((options['sender'] as { name?: string } | undefined)?.name ?? 'airstack').toBe(sender);
      for (const { form, delivery } of await deliveriesFor(options)) {
        const before = await effects(logged, built);
        const status = await deliver(adapter, options, delivery);
        expect({ form, status }).toEqual({ form, status: 200 });
        expect(await effects(logged, built)).toBe(before + 1);
      }
      // A quickstart that welcomes the user did, after the answer, keeping the protocol.
      if (code.includes('notificationId: `welcome-${fid}`')) {
        expect(await eventually(() => notificationClient!.delivered.get(`${MINI_APP_FID}:welcome-${MINI_APP_FID}`) === 1, 5_000)).toBe(
          true,
        );
      }
      expect(notificationClient!.violations).toEqual([]);
    },
  );
});

// Fastify's majors are installed under aliases here (its types ship with it); Express and Koa
// resolve to their @types packages as written.
const ALIASES = [["from 'fastify'", "from 'fastify5'"]] as const;

// What Bun, Deno and workerd give a module without an import: the little the quickstarts use of it.
const RUNTIME_GLOBALS = `declare const Bun: { serve(options: { port: number; fetch: (request: Request) => Promise<Response> }): unknown };
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(options: { port: number }, handler: (request: Request) => Promise<Response>): unknown;
};
interface ExecutionContext { waitUntil(promise: Promise<unknown>): void; passThroughOnException(): void }
`;

describe('the quickstarts, as TypeScript', () => {
  it("compile as written, under the house's strict compiler flags, with TypeScript 5 and 7", async () => {
    const compiled = snippets();
    const blocks = new Map(compiled.map((snippet) => [`${snippet.file}:${snippet.line}`, snippet.code]));
    const files: Record<string, string> = { 'runtime-globals.d.ts': RUNTIME_GLOBALS };
    for (const [where, code] of blocks) {
      const name = where.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      files[`${name}.ts`] = ALIASES.reduce((text, [from, to]) => text.replace(from, to), `// ${where}\n${code}`);
    }
    expect(await compileSnippets('quickstart-types', files)).toBe('');
    // One quickstart a block: every one of them was compiled.
    expect(blocks.size).toBe(compiled.length);
  });
});

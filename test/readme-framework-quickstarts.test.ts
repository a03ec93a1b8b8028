import { mkdirSync, writeFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventName } from '@social-webhooks/core';
import { buildDelivery, buildNeynarDelivery, neynarSampleEvent, sampleEvent } from '@social-webhooks/core/testing';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { freePort } from './support/free-port.js';
import { codeBlocks } from './support/markdown.js';
import { bundleWorker, denoRunArgs, npmBinary } from './support/runtimes.js';

// Quickstarts of the start page and the guides, copied as a user would, run whole in their own
// process, on the runtime they name, as they are but for the framework import (the suite installs
// each major under an alias) and the port: one delivery answered 200 and handled, a forged one 401.
const scratch = new URL('./.tmp/', import.meta.url);
const tsx = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;
const SECRET = 'quickstart-secret';

/** The `ts` block number `index` (the first by default) under `heading` in `file`. */
function quickstart(file: string, heading: string, index = 0): string {
  const block = codeBlocks(file).filter((candidate) => candidate.heading === heading && candidate.lang === 'ts')[index];
  if (block === undefined) throw new Error(`${file} has no ts block #${index} under the heading "${heading}"`);
  return block.code;
}

interface Quickstart {
  readonly file: string;
  readonly heading: string;
  readonly from: string;
  readonly to: string;
  /** A line the handler prints for the sample delivery, when it prints one of its own. */
  readonly seen: string | undefined;
  /** Whose deliveries it receives: the founding service's by default. */
  readonly sender?: 'neynar';
  /** Which of the heading's `ts` blocks (the first by default), and the runtime it runs on (Node by default). */
  readonly index?: number;
  readonly runtime?: 'bun' | 'deno';
  /** The founding service's event its secret is bound to: `follow.created` by default. */
  readonly eventName?: EventName;
}

const cast = neynarSampleEvent('cast.created').data;

const QUICKSTARTS: readonly Quickstart[] = [
  {
    file: 'README.md',
    heading: 'Neynar',
    from: "from 'express'",
    to: "from 'express5'",
    seen: `${cast.author.fid} cast ${cast.hash}`,
    sender: 'neynar',
  },
  { file: 'README.md', heading: 'The founding service', from: "from 'express'", to: "from 'express5'", seen: '3761 follows 326089' },
  { file: 'docs/frameworks.md', heading: 'Fastify', from: "from 'fastify'", to: "from 'fastify5'", seen: undefined },
  { file: 'docs/frameworks.md', heading: 'Koa', from: "from 'koa'", to: "from 'koa3'", seen: '3761' },
  {
    file: 'docs/frameworks.md',
    heading: 'Node (`node:http` and Connect)',
    from: "from 'node:http'",
    to: "from 'node:http'",
    seen: '3761 /webhook',
  },
  { file: 'docs/frameworks.md', heading: 'NestJS', from: "from '@nestjs/core'", to: "from '@nestjs/core'", seen: '3761' },
  {
    file: 'docs/runtimes.md',
    heading: 'Bun and Deno',
    from: 'Bun.serve(',
    to: 'Bun.serve(',
    seen: '3761',
    runtime: 'bun',
    eventName: 'follow.deleted',
  },
  {
    file: 'docs/runtimes.md',
    heading: 'Bun and Deno',
    from: 'Deno.serve(',
    to: 'Deno.serve(',
    seen: '3761',
    index: 1,
    runtime: 'deno',
    eventName: 'follow.deleted',
  },
  {
    file: 'docs/frameworks.md',
    heading: 'Hono',
    from: "from '@hono/node-server'",
    to: "from '@hono/node-server'",
    seen: `${sampleEvent('profile.updated').data.userId} /webhook`,
    eventName: 'profile.updated',
  },
  ...(['core', 'express', 'fastify', 'hono', 'node'] as const).map(packageQuickstart),
];

/** A package page's quickstart: the first ts block under its title, a Neynar receiver. */
function packageQuickstart(name: 'core' | 'express' | 'fastify' | 'hono' | 'node'): Quickstart {
  const file = `packages/${name}/README.md`;
  const heading = `@social-webhooks/${name}`;
  const sender = 'neynar';
  if (name === 'core')
    return { file, heading, sender, from: 'Bun.serve(', to: 'Bun.serve(', seen: `${cast.author.fid} ${cast.hash}`, runtime: 'bun' };
  if (name === 'express')
    return { file, heading, sender, from: "from 'express'", to: "from 'express5'", seen: `${cast.author.fid} ${cast.hash} /webhook` };
  if (name === 'fastify') return { file, heading, sender, from: "from 'fastify'", to: "from 'fastify5'", seen: undefined };
  if (name === 'hono')
    return { file, heading, sender, from: "from '@hono/node-server'", to: "from '@hono/node-server'", seen: `${cast.hash} /webhook` };
  return { file, heading, sender, from: "from 'node:http'", to: "from 'node:http'", seen: `${cast.hash} /webhook` };
}

/** The command that runs a file on the quickstart's runtime, as the conformance suite runs its servers. */
function command(runtime: Quickstart['runtime'], file: string): [string, string[]] {
  if (runtime === 'bun') return [npmBinary('bun'), ['--conditions=source', file]];
  if (runtime === 'deno') return [npmBinary('deno'), denoRunArgs(file, { allowNet: ['0.0.0.0', '127.0.0.1'] })];
  return [tsx, ['--conditions=source', file]];
}

/** A genuine delivery of the quickstart's sender, and a forged one. */
async function deliveries(
  sender: Quickstart['sender'],
  eventName: EventName = 'follow.created',
): Promise<{ genuine: RequestInit; forged: RequestInit }> {
  if (sender === 'neynar') {
    return { genuine: await buildNeynarDelivery({ secret: SECRET }), forged: await buildNeynarDelivery({ secret: 'forged' }) };
  }
  return { genuine: buildDelivery({ secret: SECRET, eventName }), forged: buildDelivery({ secret: 'forged', eventName }) };
}

describe.each(QUICKSTARTS)(
  'quickstart $file › $heading, run whole',
  ({ file, heading, from, to, seen, sender, index, runtime, eventName }) => {
    let server: ChildServer | undefined;
    afterAll(() => server?.stop());

    it('receives a delivery, and refuses a forged one', async () => {
      const code = quickstart(file, heading, index);
      expect(code).toContain(from);
      expect(code).toContain('3000');
      const port = await freePort();
      mkdirSync(scratch, { recursive: true });
      const name = `${file}-${heading}-${runtime ?? 'node'}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const path = new URL(`quickstart-${name}.ts`, scratch);
      writeFileSync(path, `${code.replace(from, to).replace('3000', String(port))}\nconsole.log('LISTENING ${port}');\n`);
      const env = { WEBHOOK_SECRET: SECRET, NEYNAR_WEBHOOK_SECRET: SECRET };
      server = await startChildServer(...command(runtime, path.pathname), { env });
      const url = `http://127.0.0.1:${server.port}/webhook`;
      const { genuine, forged } = await deliveries(sender, eventName);
      let response: Response | undefined;
      for (let attempt = 0; response === undefined; attempt++) {
        response = await fetch(url, { method: 'POST', ...genuine }).catch((error: unknown) => {
          if (attempt > 50) throw error;
          return new Promise<undefined>((resolve) => setTimeout(resolve, 100));
        });
      }
      expect(response.status).toBe(200);
      expect(await response.json()).toBe('ok');
      expect((await fetch(url, { method: 'POST', ...forged })).status).toBe(401);
      if (seen !== undefined) await expect.poll(() => server!.lines).toContain(seen);
    });
  },
);

// The Workers of the guides, on workerd (Miniflare), bundled as the runtime suite bundles its
// Worker, with the environment as bindings: a delivery answered 200, a forged one 401.
const WORKERS: readonly Pick<Quickstart, 'file' | 'heading' | 'index' | 'sender'>[] = [
  { file: 'docs/runtimes.md', heading: 'Cloudflare Workers', index: 0 },
  { file: 'docs/runtimes.md', heading: 'Cloudflare Workers', index: 1, sender: 'neynar' },
];

describe.each(WORKERS)('Worker $file › $heading #$index, on workerd', ({ file, heading, index, sender }) => {
  let miniflare: Miniflare | undefined;
  afterAll(() => miniflare?.dispose());

  it('receives a delivery, and refuses a forged one', async () => {
    const code = quickstart(file, heading, index);
    expect(code).toContain('export default {');
    mkdirSync(scratch, { recursive: true });
    const path = new URL(`quickstart-${file.replace(/[^a-z0-9]+/gi, '-')}-worker-${index ?? 0}.ts`, scratch);
    writeFileSync(path, code);
    const script = await bundleWorker(path.pathname);
    const bindings = { WEBHOOK_SECRET: SECRET, NEYNAR_WEBHOOK_SECRET: SECRET };
    miniflare = new Miniflare({ modules: true, script, compatibilityDate: '2025-01-01', bindings });
    const url = new URL('/webhook', await miniflare.ready);
    const { genuine, forged } = await deliveries(sender);
    const response = await fetch(url, { method: 'POST', ...genuine });
    expect([response.status, await response.json()]).toEqual([200, 'ok']);
    expect((await fetch(url, { method: 'POST', ...forged })).status).toBe(401);
  });
});

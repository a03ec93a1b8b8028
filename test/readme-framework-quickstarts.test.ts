import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDelivery } from '@social-webhooks/core/testing';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { freePort } from './support/free-port.js';
import { codeBlocks } from './support/markdown.js';

// Quickstarts of the start page and the guides, copied as a user would, run whole in their own
// process as they are but for the framework import (the suite installs each major under an alias)
// and the port: one delivery answered 200 and handled, a forged one 401.
const scratch = new URL('./.tmp/', import.meta.url);
const tsx = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;
const SECRET = 'quickstart-secret';

/** The first `ts` block under `heading` in `file`. */
function quickstart(file: string, heading: string): string {
  const block = codeBlocks(file).find((candidate) => candidate.heading === heading && candidate.lang === 'ts');
  if (block === undefined) throw new Error(`${file} has no ts block under the heading "${heading}"`);
  return block.code;
}

interface Quickstart {
  readonly file: string;
  readonly heading: string;
  readonly from: string;
  readonly to: string;
  /** A line the handler prints for the sample delivery, when it prints one of its own. */
  readonly seen: string | undefined;
}

const QUICKSTARTS: readonly Quickstart[] = [
  { file: 'README.md', heading: 'Fastify', from: "from 'fastify'", to: "from 'fastify5'", seen: undefined },
  { file: 'README.md', heading: 'Koa', from: "from 'koa'", to: "from 'koa3'", seen: '3761' },
  { file: 'README.md', heading: 'Node (`node:http` and Connect)', from: "from 'node:http'", to: "from 'node:http'", seen: '3761 /webhook' },
  { file: 'README.md', heading: 'NestJS', from: "from '@nestjs/core'", to: "from '@nestjs/core'", seen: '3761' },
];

describe.each(QUICKSTARTS)('quickstart $file › $heading, run whole', ({ file, heading, from, to, seen }) => {
  let server: ChildServer | undefined;
  afterAll(() => server?.stop());

  it('receives a delivery, and refuses a forged one', async () => {
    const code = quickstart(file, heading);
    expect(code).toContain(from);
    expect(code).toContain('3000');
    const port = await freePort();
    mkdirSync(scratch, { recursive: true });
    const name = `${file}-${heading}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const path = new URL(`quickstart-${name}.ts`, scratch);
    writeFileSync(path, `${code.replace(from, to).replace('3000', String(port))}\nconsole.log('LISTENING ${port}');\n`);
    server = await startChildServer(tsx, ['--conditions=source', path.pathname], { env: { WEBHOOK_SECRET: SECRET } });
    const url = `http://127.0.0.1:${server.port}/webhook`;
    const delivery = buildDelivery({ secret: SECRET, eventName: 'follow.created' });
    let response: Response | undefined;
    for (let attempt = 0; response === undefined; attempt++) {
      response = await fetch(url, { method: 'POST', ...delivery }).catch((error: unknown) => {
        if (attempt > 50) throw error;
        return new Promise<undefined>((resolve) => setTimeout(resolve, 100));
      });
    }
    expect(response.status).toBe(200);
    expect(await response.json()).toBe('ok');
    const forged = await fetch(url, { method: 'POST', ...buildDelivery({ secret: 'forged' }) });
    expect(forged.status).toBe(401);
    if (seen !== undefined) await expect.poll(() => server!.lines).toContain(seen);
  });
});

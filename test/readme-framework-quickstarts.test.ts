import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDelivery } from '@social-webhooks/core/testing';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { freePort } from './support/free-port.js';

// The README's Fastify, Koa, Node and NestJS quickstarts, copied as a user would, run as they are but for the
// framework import (the suite installs each major under an alias) and the port.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const scratch = new URL('./.tmp/', import.meta.url);
const tsx = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;
const SECRET = 'quickstart-secret';

function quickstart(heading: string): string {
  const section = readme.split(`\n### ${heading}\n`)[1];
  const code = section === undefined ? undefined : /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (code === undefined) throw new Error(`README has no ts block under "### ${heading}"`);
  return code;
}

const QUICKSTARTS = [
  { heading: 'Fastify', from: "from 'fastify'", to: "from 'fastify5'", seen: undefined },
  { heading: 'Koa', from: "from 'koa'", to: "from 'koa3'", seen: '3761' },
  { heading: 'Node (`node:http` and Connect)', from: "from 'node:http'", to: "from 'node:http'", seen: '3761 /webhook' },
  { heading: 'NestJS', from: "from '@nestjs/core'", to: "from '@nestjs/core'", seen: '3761' },
] as const;

describe.each(QUICKSTARTS)('README quickstart: $heading', ({ heading, from, to, seen }) => {
  let server: ChildServer | undefined;
  afterAll(() => server?.stop());

  it('receives a delivery, and refuses a forged one', async () => {
    const code = quickstart(heading);
    expect(code).toContain(from);
    expect(code).toContain('3000');
    const port = await freePort();
    mkdirSync(scratch, { recursive: true });
    const file = new URL(`quickstart-${heading.split(' ')[0]!.toLowerCase()}.ts`, scratch);
    writeFileSync(file, `${code.replace(from, to).replace('3000', String(port))}\nconsole.log('LISTENING ${port}');\n`);
    server = await startChildServer(tsx, ['--conditions=source', file.pathname], { env: { WEBHOOK_SECRET: SECRET } });
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

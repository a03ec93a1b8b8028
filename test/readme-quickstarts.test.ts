import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { createServer } from 'node:http';
import express5 from 'express5';
import fastify5 from 'fastify5';
import { Hono } from 'hono';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, webhookHandler as webHandler, type EventName } from '@social-webhooks/core';
import { buildDelivery } from '@social-webhooks/core/testing';
import { webhookHandler as expressHandler } from '@social-webhooks/express';
import { webhookPlugin } from '@social-webhooks/fastify';
import { webhookHandler as honoHandler } from '@social-webhooks/hono';
import { webhookHandler as nodeHandler } from '@social-webhooks/node';

// The README's quickstarts as a user pastes them: the options of every `webhookHandler({ ... })`
// in the Quickstart section, run on its adapter against both body forms the service is documented
// to send (docs/contract.md §Body forms: the envelope, and the flat payload of the final docs).
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const quickstart = readme.slice(readme.indexOf('\n## Quickstart'), readme.indexOf('\n## Options'));
const SECRET = 'readme-header-value';

interface Snippet {
  readonly adapter: 'express' | 'fastify' | 'hono' | 'node' | 'web';
  readonly heading: string;
  readonly optionsText: string;
}

function snippets(): Snippet[] {
  const found: Snippet[] = [];
  for (const section of quickstart.split('\n### ').slice(1)) {
    const heading = section.slice(0, section.indexOf('\n'));
    const adapter = adapterOf(heading);
    // Fastify's options are the plugin's, given to `register`.
    const call = adapter === 'fastify' ? 'register(webhookPlugin, ' : 'webhookHandler(';
    for (const block of section.match(/```ts\n[\s\S]*?```/g) ?? []) {
      let at = block.indexOf(`${call}{`);
      while (at >= 0) {
        found.push({ adapter, heading, optionsText: balanced(block, at + call.length) });
        at = block.indexOf(`${call}{`, at + 1);
      }
    }
  }
  return found;
}

function adapterOf(heading: string): Snippet['adapter'] {
  if (heading.startsWith('Express')) return 'express';
  if (heading.startsWith('Fastify')) return 'fastify';
  if (heading.startsWith('Hono')) return 'hono';
  // node:http and Connect, Koa, NestJS: the Node listener.
  if (/^(Node|Koa|NestJS)/.test(heading)) return 'node';
  return 'web';
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

/** Evaluates the snippet's options with the environment the README tells the user to set. */
function evaluate(optionsText: string, logged: unknown[][]): Record<string, unknown> {
  const { code } = transformSync(`const options = (${optionsText});`, { loader: 'ts' });
  const env = { WEBHOOK_SECRET: SECRET };
  const fakeConsole = { log: (...args: unknown[]) => logged.push(args) };
  // `bindings` is the Worker snippet's copy of `env`.
  return new Function('process', 'console', 'bindings', `${code}\nreturn options;`)({ env }, fakeConsole, env) as Record<string, unknown>;
}

async function deliver(adapter: Snippet['adapter'], options: Record<string, unknown>, delivery: { headers: Record<string, string>; body: string }): Promise<number> {
  if (adapter === 'express') {
    const app = express5().post('/webhook', expressHandler(options as never));
    return (await request(app).post('/webhook').set(delivery.headers).send(delivery.body)).status;
  }
  if (adapter === 'node') {
    return (await request(createServer(nodeHandler(options as never))).post('/webhook').set(delivery.headers).send(delivery.body)).status;
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
  const code = example.split('\n').map((line) => line.replace(/^\s*\* ?/, '')).join('\n');
  return balanced(code, code.indexOf('webhookHandler({') + 'webhookHandler('.length);
}

describe('the Hono adapter\'s JSDoc example', () => {
  it.each(['envelope', 'flat'] as const)('works as written on a %s delivery', async (form) => {
    const logged: unknown[][] = [];
    const options = evaluate(jsdocExample('../packages/hono/src/webhook-handler.ts'), logged);
    expect(await deliver('hono', options, buildDelivery({ secret: SECRET, eventName: 'profile.updated', form }))).toBe(200);
    expect(logged).toEqual([[expect.any(String), '/webhook']]);
  });
});

describe('README quickstarts', () => {
  const all = snippets();

  it('has the Express, Fastify, Node, Koa, NestJS, Hono, Web, Next.js and Worker snippets', () => {
    expect(all.map((snippet) => snippet.adapter)).toEqual(['express', 'fastify', 'node', 'node', 'node', 'hono', 'web', 'web', 'web']);
  });

  it.each(all.flatMap((snippet) => (['envelope', 'flat'] as const).map((form) => ({ ...snippet, form }))))(
    '$heading ($adapter, #$#): a $form delivery is answered 200 and handled, unchanged',
    async ({ adapter, optionsText, form }) => {
      const logged: unknown[][] = [];
      const options = evaluate(optionsText, logged);
      const eventName = Object.keys(options['on'] as object)[0] as EventName;
      expect(EVENT_NAMES).toContain(eventName);
      const status = await deliver(adapter, options, buildDelivery({ secret: SECRET, eventName, form }));
      expect(status).toBe(200);
      expect(logged).toHaveLength(1);
    },
  );
});

import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDelivery } from '@social-webhooks/core/testing';
import { webhookHandler } from '@social-webhooks/hono';
import { webhookHandler as coreWebhookHandler } from '@social-webhooks/core';

const SECRET = 'hono-adapter-secret';

describe('Hono adapter', () => {
  it('leaves the body readable through c.req.json() for the handler', async () => {
    const seen: unknown[] = [];
    const app = new Hono();
    app.post(
      '/webhook',
      webhookHandler({ secret: SECRET, on: { 'follow.created': async (_event, c) => void seen.push(await c.req.json()) } }),
    );
    const { headers, body } = buildDelivery({ secret: SECRET });
    const response = await app.request('/webhook', { method: 'POST', headers, body });
    expect(response.status).toBe(200);
    expect(seen).toEqual([JSON.parse(body)]);
  });

  it("reads a body of declared length with request.json(), and leaves its value to the handler's c.req.json() and c.req.text()", async () => {
    const seen: unknown[] = [];
    const reads: string[] = [];
    const app = new Hono();
    app.use('/webhook', async (c, next) => {
      for (const method of ['json', 'text', 'bytes', 'arrayBuffer'] as const) {
        const original = c.req.raw[method].bind(c.req.raw);
        Object.defineProperty(c.req.raw, method, { value: () => (reads.push(method), original()) });
      }
      await next();
    });
    app.post(
      '/webhook',
      webhookHandler({
        secret: SECRET,
        on: { 'follow.created': async (_event, c) => void seen.push(await c.req.json(), JSON.parse(await c.req.text())) },
      }),
    );
    const { headers, body } = buildDelivery({ secret: SECRET });
    const length = String(new TextEncoder().encode(body).byteLength);
    const response = await app.request('/webhook', { method: 'POST', headers: { ...headers, 'content-length': length }, body });
    expect(response.status).toBe(200);
    expect(reads).toEqual(['json']);
    expect(seen).toEqual([JSON.parse(body), JSON.parse(body)]);
  });

  it('reads a body without a declared length from its stream, counted, and answers 413 past the limit', async () => {
    const app = new Hono();
    app.post('/webhook', webhookHandler({ secret: SECRET, maxBodyBytes: 64, logger: false }));
    const { headers, body } = buildDelivery({ secret: SECRET });
    const response = await app.request('/webhook', { method: 'POST', headers, body });
    expect(response.status).toBe(413);
  });

  it('uses the body a middleware already read with c.req.arrayBuffer()', async () => {
    const app = new Hono();
    const calls: string[] = [];
    app.use('/webhook', async (c, next) => {
      await c.req.arrayBuffer();
      await next();
    });
    app.post(
      '/webhook',
      webhookHandler({ secret: SECRET, on: { 'follow.created': (event) => void calls.push(event.data.followerProfileId) } }),
    );
    const { headers, body } = buildDelivery({ secret: SECRET });
    expect((await app.request('/webhook', { method: 'POST', headers, body })).status).toBe(200);
    expect(calls).toEqual(['3761']);
  });

  it('applies the byte limit to a cached text body, counting bytes not characters', async () => {
    const app = new Hono();
    app.use('/webhook', async (c, next) => {
      await c.req.text();
      await next();
    });
    app.post('/webhook', webhookHandler({ secret: SECRET, maxBodyBytes: 600 }));
    // 200 three-byte characters: 200 characters, 600 bytes of padding alone.
    const { headers, body } = buildDelivery({
      secret: SECRET,
      data: { followerProfileId: '1', followingProfileId: '2', pad: '€'.repeat(200) },
    });
    const response = await app.request('/webhook', { method: 'POST', headers: { ...headers, 'content-length': '' }, body });
    expect(response.status).toBe(413);
  });

  it('lets other routes and middleware of the app work as usual', async () => {
    const app = new Hono();
    app.post('/webhook', webhookHandler({ secret: SECRET }));
    app.get('/webhook', (c) => c.text('hello'));
    expect(await (await app.request('/webhook')).text()).toBe('hello');
  });
});

describe('Hono adapter on @hono/node-server', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function listen(app: Hono): Promise<string> {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    servers.push(server);
    if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  }

  // @hono/node-server builds the Web Request lazily and keeps it under this symbol once built.
  const builtWebRequest = (raw: Request) => Object.getOwnPropertySymbols(raw).some((symbol) => symbol.description === 'requestCache');

  it("reads Node's request directly, builds no Web Request, and leaves c.req.json() working", async () => {
    const seen: { built: boolean; json: unknown }[] = [];
    const app = new Hono();
    app.post(
      '/webhook',
      webhookHandler({
        secret: SECRET,
        on: { 'follow.created': async (_event, c) => void seen.push({ built: builtWebRequest(c.req.raw), json: await c.req.json() }) },
      }),
    );
    const { headers, body } = buildDelivery({ secret: SECRET });
    const response = await fetch(await listen(app), { method: 'POST', headers, body });
    expect(response.status).toBe(200);
    expect(seen).toEqual([{ built: false, json: JSON.parse(body) }]);
  });

  it("reads the body when the core's Web handler is called with the request alone, from a wrapped fetch", async () => {
    const handle = coreWebhookHandler({ secret: SECRET, on: { 'follow.created': () => undefined } });
    const server = serve({ fetch: (request) => handle(request), port: 0, hostname: '127.0.0.1' }) as Server;
    servers.push(server);
    if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
    const { headers, body } = buildDelivery({ secret: SECRET });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
    const response = await fetch(url, { method: 'POST', headers, body });
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: 'ok' });
  });

  it('reads the Web Request when a middleware already built it', async () => {
    const calls: string[] = [];
    const app = new Hono();
    app.use('/webhook', async (c, next) => {
      void c.req.raw.signal;
      await next();
    });
    app.post(
      '/webhook',
      webhookHandler({ secret: SECRET, on: { 'follow.created': (event) => void calls.push(event.data.followerProfileId) } }),
    );
    const { headers, body } = buildDelivery({ secret: SECRET });
    expect((await fetch(await listen(app), { method: 'POST', headers, body })).status).toBe(200);
    expect(calls).toEqual(['3761']);
  });

  it('answers 413 to a streamed body over the limit and keeps serving', async () => {
    const app = new Hono();
    app.post('/webhook', webhookHandler({ secret: SECRET, maxBodyBytes: 1_000 }));
    const url = await listen(app);
    const { headers, body } = buildDelivery({ secret: SECRET });
    const chunks = [body.slice(0, -1), ' '.repeat(2_000), '}'];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const tooLarge = await fetch(url, { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: string }).error).toBe('payload_too_large');
    expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(200);
  });
});

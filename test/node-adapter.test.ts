import 'reflect-metadata';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDelivery, sampleEvent } from '@social-webhooks/core/testing';
import { webhookHandler, type NodeWebhookOptions } from '@social-webhooks/node';

const SECRET = 'node-adapter-secret';
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
}

describe('@social-webhooks/node', () => {
  it('answers 405 with allow: POST to anything but POST', async () => {
    const url = await listen(createServer(webhookHandler({ secret: SECRET })));
    const response = await fetch(url);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toMatchObject({ error: 'method_not_allowed' });
  });

  it('gives handlers { req, res }, and does not answer a handler that answered itself', async () => {
    const options: NodeWebhookOptions = {
      secret: SECRET,
      on: { 'follow.created': (event, { req, res }) => void res.writeHead(202).end(`${req.url} ${event.data.followerProfileId}`) },
    };
    const url = await listen(createServer(webhookHandler(options)));
    const response = await fetch(url, { method: 'POST', ...buildDelivery({ secret: SECRET }) });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('/webhook 3761');
  });

  it("reads NestJS's rawBody when Nest parsed the body first, so the byte limit still holds", async () => {
    const seen: string[] = [];
    class WebhookModule implements NestModule {
      configure(consumer: MiddlewareConsumer): void {
        consumer
          .apply(
            webhookHandler({
              secret: SECRET,
              maxBodyBytes: 400,
              on: { 'follow.created': (event) => void seen.push(event.data.followerProfileId) },
            }),
          )
          .forRoutes({ path: 'webhook', method: RequestMethod.POST });
      }
    }
    Module({})(WebhookModule);
    const app = await NestFactory.create(WebhookModule, { rawBody: true, logger: false });
    await app.listen(0, '127.0.0.1');
    closers.push(() => app.close());
    const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/webhook`;
    const { headers, body } = buildDelivery({ secret: SECRET });
    expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(200);
    expect(seen).toEqual(['3761']);
    const padded = JSON.stringify({ ...(JSON.parse(body) as object), padding: 'x'.repeat(400) });
    // Chunked, so no content-length tells the size: only the kept bytes do.
    const stream = new ReadableStream({
      start: (controller) => (controller.enqueue(new TextEncoder().encode(padded)), controller.close()),
    });
    const response = await fetch(url, { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    expect(seen).toEqual(['3761']);
  });

  it('answers with a declared length, keeping the headers a handler set and its own content-type', async () => {
    const options: NodeWebhookOptions = {
      secret: SECRET,
      on: {
        'follow.created': (_event, { res }) => {
          res.setHeader('x-request-id', 'abc');
          res.setHeader('content-type', 'text/plain');
        },
      },
    };
    const url = await listen(createServer(webhookHandler(options)));
    const response = await fetch(url, { method: 'POST', ...buildDelivery({ secret: SECRET }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('abc');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('transfer-encoding')).toBeNull();
    const text = await response.text();
    expect(text).toBe('"ok"');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
  });

  it('keys dedupe by the X-Convoy-Idempotency-Key header it hands the receiver', async () => {
    const seen: string[] = [];
    const url = await listen(
      createServer(
        webhookHandler({ secret: SECRET, dedupe: true, on: { 'follow.created': (event) => void seen.push(event.data.followerProfileId) } }),
      ),
    );
    const send = async (id: string) => {
      const { headers, body } = buildDelivery({ secret: SECRET, data: { ...sampleEvent('follow.created').data, id } });
      return (await fetch(url, { method: 'POST', headers: { ...headers, 'x-convoy-idempotency-key': 'key-1' }, body })).text();
    };
    expect(await send('payload-1')).toBe('"ok"');
    expect(await send('payload-2')).toBe('"ignored: already handled"');
    expect(seen).toEqual(['3761']);
  });

  it('types req and res as the framework passes them', () => {
    type Tagged = IncomingMessage & { tag?: string };
    const listener = webhookHandler<Tagged>({ secret: SECRET, on: { 'profile.updated': (_event, { req }) => req.tag } });
    expect(listener).toBeTypeOf('function');
  });

  it('throws when built, not on the first request, for an empty secret', () => {
    expect(() => webhookHandler({ secret: '' })).toThrow(/^@social-webhooks\/node: `secret` is empty/);
  });
});

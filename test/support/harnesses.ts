import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import express4 from 'express4';
import express5 from 'express5';
import { Hono, type Context } from 'hono';
import request from 'supertest';
import { webhookHandler as coreHandler, type EventMap, type WebhookOptions } from '@social-webhooks/core';
import { webhookHandler as expressHandler } from '@social-webhooks/express';
import { webhookHandler as honoHandler } from '@social-webhooks/hono';
import { fastifyHarnesses } from './fastify-harnesses.js';
import { listenWithFetch, PATH, type Harness } from './listen.js';
import { nodeHarnesses } from './node-harnesses.js';
import { bytes, fetchRow, fromResponse, toRequestInit } from './test-request.js';

export type { Harness, Mounted } from './listen.js';
export type { TestRequest, TestResponse } from './test-request.js';

const URL_BASE = 'http://conformance.test';

type ExpressFactory = typeof express4 | typeof express5;

function expressHarness(name: string, express: ExpressFactory, parsesFirst?: Harness['parsesFirst']): Harness {
  return {
    name,
    ...(parsesFirst && { parsesFirst }),
    async mount(options) {
      const app = express();
      // Body parser limits above the receiver's, so the receiver's own limit is what is tested.
      if (parsesFirst === 'json') app.use(express.json({ limit: '4mb' }));
      if (parsesFirst === 'raw') app.use(express.raw({ type: '*/*', limit: '4mb' }));
      if (parsesFirst === 'text') app.use(express.text({ type: '*/*', limit: '4mb' }));
      app.post(PATH, expressHandler(options));
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      return {
        async send(req) {
          // supertest cannot hold a body back half-way; fetch can.
          if (req.stall) return fetchRow(`http://127.0.0.1:${(server.address() as AddressInfo).port}${PATH}`, req);
          // Written as bytes: superagent would re-encode a Buffer as JSON under a JSON content-type,
          // and add a form content-type to a string.
          const body = Buffer.from(bytes(req.body));
          const pending = request(server).post(PATH).set(req.headers);
          if (req.chunked) {
            const middle = Math.floor(body.length / 2);
            pending.write(body.subarray(0, middle));
            pending.write(body.subarray(middle));
          } else {
            pending.set('content-length', String(body.length));
            pending.write(body);
          }
          const response = await pending;
          return { status: response.status, contentType: response.headers['content-type'] ?? null, text: response.text };
        },
        port: (server.address() as AddressInfo).port,
        close: () => new Promise((resolve) => server.close(() => resolve())),
      };
    },
  };
}

function honoApp(options: WebhookOptions<unknown, EventMap>, readFirst?: (c: Context) => Promise<unknown>): Hono {
  const app = new Hono();
  if (readFirst) {
    app.use(PATH, async (c, next) => {
      await readFirst(c).catch(() => undefined);
      await next();
    });
  }
  app.post(PATH, honoHandler(options));
  return app;
}

export const harnesses: Harness[] = [
  {
    name: 'core Web handler (in process)',
    async mount(options) {
      const handle = coreHandler(options);
      return {
        send: async (req) => fromResponse(await handle(new Request(`${URL_BASE}${PATH}`, toRequestInit(req)))),
        close: async () => undefined,
      };
    },
  },
  {
    name: 'core Web handler on @hono/node-server',
    mount: async (options) => listenWithFetch(serve({ fetch: coreHandler(options), port: 0, hostname: '127.0.0.1' }) as Server),
  },
  expressHarness('Express 4', express4),
  expressHarness('Express 4 after express.json()', express4, 'json'),
  expressHarness('Express 4 after express.raw()', express4, 'raw'),
  expressHarness('Express 4 after express.text()', express4, 'text'),
  expressHarness('Express 5', express5),
  expressHarness('Express 5 after express.json()', express5, 'json'),
  expressHarness('Express 5 after express.raw()', express5, 'raw'),
  {
    name: 'Hono app.request',
    async mount(options) {
      const app = honoApp(options);
      return {
        send: async (req) => fromResponse(await app.request(PATH, toRequestInit(req))),
        close: async () => undefined,
      };
    },
  },
  {
    name: 'Hono after a middleware read c.req.text()',
    parsesFirst: 'text',
    async mount(options) {
      const app = honoApp(options, (c) => c.req.text());
      return {
        send: async (req) => fromResponse(await app.request(PATH, toRequestInit(req))),
        close: async () => undefined,
      };
    },
  },
  {
    name: 'Hono on @hono/node-server',
    mount: async (options) => listenWithFetch(serve({ fetch: honoApp(options).fetch, port: 0, hostname: '127.0.0.1' }) as Server),
  },
  ...nodeHarnesses,
  ...fastifyHarnesses,
];

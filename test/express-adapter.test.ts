import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import express4 from 'express4';
import express5 from 'express5';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDelivery } from '@social-webhooks/core/testing';
import { webhookHandler } from '@social-webhooks/express';

const SECRET = 'express-adapter-secret';

describe.each([
  ['Express 4', express4],
  ['Express 5', express5],
] as const)('%s adapter', (_name, express) => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  it('turns an async handler failure into a 500 and never an unhandled rejection', async () => {
    const app = express();
    app.post(
      '/webhook',
      webhookHandler({
        secret: SECRET,
        on: {
          'follow.created': async () => {
            throw new Error('db down');
          },
        },
        onError: () => undefined,
      }),
    );
    const { headers, body } = buildDelivery({ secret: SECRET });
    const response = await request(app).post('/webhook').set(headers).send(body);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'handler_failed', message: expect.any(String) });
    expect(unhandled).toEqual([]);
  });

  it('lets a handler answer through res itself, and does not answer twice', async () => {
    const app = express();
    app.post(
      '/webhook',
      webhookHandler({ secret: SECRET, on: { 'follow.created': (_event, { res }) => void res.status(202).json({ queued: true }) } }),
    );
    const { headers, body } = buildDelivery({ secret: SECRET });
    const response = await request(app).post('/webhook').set(headers).send(body);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ queued: true });
  });

  it('survives a client that goes away mid-body, and keeps serving', async () => {
    const calls: string[] = [];
    const app = express();
    app.post('/webhook', webhookHandler({ secret: SECRET, on: { 'follow.created': (event) => void calls.push(event.eventName) } }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /webhook HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\nx-airstack-webhook: ${SECRET}\r\ncontent-length: 500\r\n\r\n{"eventName":`,
      );
      await new Promise((resolve) => setTimeout(resolve, 30));
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 30));
      const { headers, body } = buildDelivery({ secret: SECRET });
      const response = await fetch(`http://127.0.0.1:${port}/webhook`, { method: 'POST', headers, body });
      expect(response.status).toBe(200);
      expect(calls).toEqual(['follow.created']);
      expect(unhandled).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('answers 500 body_unavailable when a middleware consumed the body without keeping it', async () => {
    const app = express();
    app.use((req, _res, next) => {
      req.resume();
      req.on('end', () => next());
    });
    app.post('/webhook', webhookHandler({ secret: SECRET }));
    const { headers, body } = buildDelivery({ secret: SECRET });
    const response = await request(app).post('/webhook').set(headers).send(body);
    expect(response.status).toBe(500);
    expect(response.body.error).toBe('body_unavailable');
  });

  it('throws at mount time, not on the first request, for an empty secret', () => {
    expect(() => webhookHandler({ secret: '' })).toThrow(/^@social-webhooks\/express: `secret` is empty/);
  });
});

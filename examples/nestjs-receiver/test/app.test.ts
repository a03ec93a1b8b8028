import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDelivery } from '@social-webhooks/core/testing';
import { createApp } from '../src/app.js';
import { startServer } from './start-server.js';

describe('nestjs-receiver', () => {
  const lines: string[] = [];
  let app: INestApplication;
  let base: string;
  beforeAll(async () => {
    app = await createApp({ secret: { 'follow.created': 'nest-example-secret' }, log: (line) => lines.push(line) });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('logs envelope and flat follow.created deliveries and answers 200', async () => {
    lines.length = 0;
    for (const form of ['envelope', 'flat'] as const) {
      const { headers, body } = buildDelivery({ secret: 'nest-example-secret', eventName: 'follow.created', form });
      const response = await fetch(`${base}/webhook`, { method: 'POST', headers, body });
      expect(response.status).toBe(200);
    }
    expect(lines).toEqual(['follow.created: 3761 now follows 326089', 'follow.created: 3761 now follows 326089']);
  });

  it('answers 401 to a forged delivery and logs nothing', async () => {
    lines.length = 0;
    const { headers, body } = buildDelivery({ secret: 'forged', eventName: 'follow.created' });
    const response = await fetch(`${base}/webhook`, { method: 'POST', headers, body });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'header_mismatch' });
    expect(lines).toEqual([]);
  });

  it('serves a health check', async () => {
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true });
  });
});

describe('pnpm start', () => {
  it('starts the server from the environment and receives a delivery', async () => {
    await startServer(new URL('..', import.meta.url), 'start-secret', async (port) => {
      const { headers, body } = buildDelivery({ secret: 'start-secret' });
      const response = await fetch(`http://127.0.0.1:${port}/webhook`, { method: 'POST', headers, body });
      expect(response.status).toBe(200);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { buildDelivery } from '@social-webhooks/core/testing';
import { createApp } from '../src/app.js';
import { startServer } from './start-server.js';

describe('fastify-receiver', () => {
  it('logs an envelope follow.created delivery and answers 200', async () => {
    const lines: string[] = [];
    const app = await createApp({ secret: 'fastify-example-secret', log: (line) => lines.push(line) });
    const { headers, body } = buildDelivery({ secret: 'fastify-example-secret', eventName: 'follow.created' });
    const response = await app.inject({ method: 'POST', url: '/webhook', headers, payload: body });
    expect(response.statusCode).toBe(200);
    expect(lines).toEqual(['follow.created: 3761 now follows 326089']);
  });

  it('logs a flat profile.updated delivery when the secret is bound to its event', async () => {
    const lines: string[] = [];
    const app = await createApp({ secret: { 'profile.updated': 'bound-secret' }, log: (line) => lines.push(line) });
    const { headers, body } = buildDelivery({ secret: 'bound-secret', eventName: 'profile.updated', form: 'flat' });
    const response = await app.inject({ method: 'POST', url: '/webhook', headers, payload: body });
    expect(response.statusCode).toBe(200);
    expect(lines).toEqual(['profile.updated: user 3761 (tokenstaker.eth)']);
  });

  it('answers 401 to a forged delivery and logs nothing', async () => {
    const lines: string[] = [];
    const app = await createApp({ secret: 'fastify-example-secret', log: (line) => lines.push(line) });
    const { headers, body } = buildDelivery({ secret: 'forged', eventName: 'profile.updated' });
    const response = await app.inject({ method: 'POST', url: '/webhook', headers, payload: body });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'header_mismatch' });
    expect(lines).toEqual([]);
  });

  it("keeps Fastify's JSON parser for the app's other routes", async () => {
    const app = await createApp({ secret: 'fastify-example-secret' });
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(response.json()).toEqual({ echo: { a: 1 } });
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

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '@social-webhooks/core/testing';
import { withExampleServer } from '../../../test/support/example-server.js';
import { createApp } from '../src/app.js';
import { secretFromEnv } from '../src/secret-from-env.js';

describe('express-receiver', () => {
  it('logs an envelope follow.created delivery and answers 200', async () => {
    const lines: string[] = [];
    const app = createApp({ secret: 'express-example-secret', log: (line) => lines.push(line) });
    const { headers, body } = buildDelivery({ secret: 'express-example-secret', eventName: 'follow.created' });
    const response = await request(app).post('/webhook').set(headers).send(body);
    expect(response.status).toBe(200);
    expect(lines).toEqual(['follow.created: 3761 now follows 326089']);
  });

  it('answers 401 to a forged delivery and logs nothing', async () => {
    const lines: string[] = [];
    const app = createApp({ secret: 'express-example-secret', log: (line) => lines.push(line) });
    const { headers, body } = buildDelivery({ secret: 'forged', eventName: 'profile.updated' });
    const response = await request(app).post('/webhook').set(headers).send(body);
    expect(response.status).toBe(401);
    expect(lines).toEqual([]);
  });

  it('reads WEBHOOK_SECRET as a plain value or a JSON map, and says how to set it when missing', () => {
    expect(secretFromEnv({ WEBHOOK_SECRET: ' abc \n' })).toBe('abc');
    expect(secretFromEnv({ WEBHOOK_SECRET: '{"follow.created":"abc"}' })).toEqual({ 'follow.created': 'abc' });
    expect(() => secretFromEnv({})).toThrow(/Set WEBHOOK_SECRET/);
  });
});

describe('pnpm start', () => {
  it('starts the server from the environment and receives a delivery', async () => {
    await withExampleServer({ cwd: new URL('..', import.meta.url), secret: 'start-secret' }, async (server) => {
      const response = await server.post(buildDelivery({ secret: 'start-secret' }));
      expect(response.status).toBe(200);
    });
  });
});

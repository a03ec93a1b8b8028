import { describe, expect, it } from 'vitest';
import { buildDelivery } from '@social-webhooks/core/testing';
import { createApp } from '../src/app.js';

describe('hono-receiver', () => {
  const lines: string[] = [];
  const app = createApp({ secret: { 'follow.deleted': 'hono-example-secret' }, log: (line) => lines.push(line) });

  it('logs a flat follow.deleted delivery and answers 200', async () => {
    const { headers, body } = buildDelivery({ secret: 'hono-example-secret', eventName: 'follow.deleted', form: 'flat' });
    const response = await app.request('/webhook', { method: 'POST', headers, body });
    expect(response.status).toBe(200);
    expect(lines).toEqual(['follow.deleted: 3761 -/-> 326089 (/webhook)']);
  });

  it('answers 401 to a forged delivery and logs nothing', async () => {
    lines.length = 0;
    const { headers, body } = buildDelivery({ secret: 'forged', eventName: 'follow.deleted' });
    const response = await app.request('/webhook', { method: 'POST', headers, body });
    expect(response.status).toBe(401);
    expect(lines).toEqual([]);
  });

  it('serves a health check', async () => {
    expect(await (await app.request('/health')).json()).toEqual({ ok: true });
  });
});

import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '@social-webhooks/core/testing';
import { webhookHandler } from '@social-webhooks/hono';

const SECRET = 'hono-adapter-secret';

describe('Hono adapter', () => {
  it('leaves the body readable through c.req.json() for the handler', async () => {
    const seen: unknown[] = [];
    const app = new Hono();
    app.post('/webhook', webhookHandler({ secret: SECRET, on: { 'follow.created': async (_event, c) => void seen.push(await c.req.json()) } }));
    const { headers, body } = buildDelivery({ secret: SECRET });
    const response = await app.request('/webhook', { method: 'POST', headers, body });
    expect(response.status).toBe(200);
    expect(seen).toEqual([JSON.parse(body)]);
  });

  it('uses the body a middleware already read with c.req.arrayBuffer()', async () => {
    const app = new Hono();
    const calls: string[] = [];
    app.use('/webhook', async (c, next) => {
      await c.req.arrayBuffer();
      await next();
    });
    app.post('/webhook', webhookHandler({ secret: SECRET, on: { 'follow.created': (event) => void calls.push(event.data.followerProfileId) } }));
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
    const { headers, body } = buildDelivery({ secret: SECRET, data: { followerProfileId: '1', followingProfileId: '2', pad: '€'.repeat(200) } });
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

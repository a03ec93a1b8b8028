import fastify4 from 'fastify4';
import fastify5 from 'fastify5';
import { describe, expect, it } from 'vitest';
import { buildDelivery, buildNeynarDelivery, sampleEvent } from '@social-webhooks/core/testing';
import { neynarSender, webhookPlugin, webhookPluginFor } from '@social-webhooks/fastify';

const SECRET = 'fastify-adapter-secret';

describe.each([
  ['Fastify 4', fastify4],
  ['Fastify 5', fastify5],
] as const)('%s plugin', (_name, fastify) => {
  // One signature for both versions' factories; see support/fastify-harnesses.ts.
  const create = () => (fastify as typeof fastify5)();

  it("leaves the app's JSON parser and its other routes untouched", async () => {
    const app = create();
    app.post('/json', async (request) => ({ got: request.body }));
    await app.register(webhookPlugin, { secret: SECRET });
    const response = await app.inject({ method: 'POST', url: '/json', payload: { a: 1 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ got: { a: 1 } });
    // The app's own parser still refuses what it does not know.
    const refused = await app.inject({ method: 'POST', url: '/json', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(refused.statusCode).toBe(415);
  });

  it('gives handlers { request, reply }, and does not answer a handler that answered itself', async () => {
    const app = create();
    await app.register(webhookPlugin, {
      secret: SECRET,
      on: {
        'follow.created': (event, { request, reply }) =>
          void reply.code(202).send({ queued: event.data.followerProfileId, url: request.url }),
      },
    });
    const { headers, body } = buildDelivery({ secret: SECRET });
    const response = await app.inject({ method: 'POST', url: '/webhook', headers, payload: body });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ queued: '3761', url: '/webhook' });
  });

  it('takes another sender through webhookPluginFor, its handlers typed by that sender, under a register prefix', async () => {
    const app = create();
    const casts: string[] = [];
    await app.register(
      webhookPluginFor({
        path: '/neynar',
        sender: neynarSender({ secrets: SECRET }),
        on: { 'cast.created': (event, { request }) => void casts.push(`${event.data.hash} ${request.url}`) },
      }),
      { prefix: '/api' },
    );
    const { headers, body } = await buildNeynarDelivery({
      secret: SECRET,
      type: 'cast.created',
      data: { object: 'cast', hash: '0xabc', author: { fid: 3 } },
    });
    expect((await app.inject({ method: 'POST', url: '/api/neynar', headers, payload: body })).statusCode).toBe(200);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/neynar',
      headers: { ...headers, 'x-neynar-signature': '0'.repeat(128) },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    expect(casts).toEqual(['0xabc /api/neynar']);
  });

  it('honours the path option and the register prefix', async () => {
    const app = create();
    await app.register(webhookPlugin, { secret: SECRET, path: '/hooks/social', prefix: '/api' });
    const { headers, body } = buildDelivery({ secret: SECRET });
    expect((await app.inject({ method: 'POST', url: '/api/hooks/social', headers, payload: body })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/webhook', headers, payload: body })).statusCode).toBe(404);
  });

  it("applies maxBodyBytes rather than the app's bodyLimit", async () => {
    const app = fastify === fastify4 ? (fastify4 as unknown as typeof fastify5)({ bodyLimit: 10 }) : fastify5({ bodyLimit: 10 });
    await app.register(webhookPlugin, { secret: SECRET, maxBodyBytes: 64 * 1024 });
    const { headers, body } = buildDelivery({ secret: SECRET });
    expect((await app.inject({ method: 'POST', url: '/webhook', headers, payload: body })).statusCode).toBe(200);
  });

  it("leaves other errors on the route to the app's error handler", async () => {
    const app = create();
    app.setErrorHandler((error: Error, _request, reply) => reply.code(418).send({ app: error.message }));
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-block'] === 'yes') throw new Error('blocked by the app');
    });
    await app.register(webhookPlugin, { secret: SECRET });
    const { headers, body } = buildDelivery({ secret: SECRET });
    const blocked = await app.inject({ method: 'POST', url: '/webhook', headers: { ...headers, 'x-block': 'yes' }, payload: body });
    expect(blocked.statusCode).toBe(418);
    expect(blocked.json()).toEqual({ app: 'blocked by the app' });
  });

  it('keys dedupe by the X-Convoy-Idempotency-Key header it hands the receiver', async () => {
    const app = create();
    const seen: string[] = [];
    await app.register(webhookPlugin, {
      secret: SECRET,
      dedupe: true,
      on: { 'follow.created': (event) => void seen.push(event.data.followerProfileId) },
    });
    const send = async (id: string) => {
      const { headers, body } = buildDelivery({ secret: SECRET, data: { ...sampleEvent('follow.created').data, id } });
      return (
        await app.inject({ method: 'POST', url: '/webhook', headers: { ...headers, 'x-convoy-idempotency-key': 'key-1' }, payload: body })
      ).body;
    };
    expect(await send('payload-1')).toBe('"ok"');
    expect(await send('payload-2')).toBe('"ignored: already handled"');
    expect(seen).toEqual(['3761']);
  });

  it('fails register, not the first request, for an empty secret', async () => {
    const app = create();
    await expect(app.register(webhookPlugin, { secret: '' })).rejects.toThrow(/^@social-webhooks\/fastify: `secret` is empty/);
  });
});

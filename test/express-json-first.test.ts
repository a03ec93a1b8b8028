import express4 from 'express4';
import express5 from 'express5';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildDelivery, buildNeynarDelivery, createMiniAppSigner } from '@social-webhooks/core/testing';
import { miniAppSender, neynarSender, webhookHandler } from '@social-webhooks/express';

// What the Express adapter's page says of `express.json()` mounted before the route, per sender
// (packages/express/README.md, docs/frameworks.md): Neynar's signature covers bytes the parser did
// not keep, so 500 body_unavailable by design; a Mini App event's proof is in its JSON's strings and
// the founding service's in a header, so both are handled.
const SECRET = 'express-json-first-secret';

describe.each([
  ['Express 4', express4],
  ['Express 5', express5],
] as const)('%s with express.json() before the route', (_name, express) => {
  const app = (handler: ReturnType<typeof webhookHandler>) => express().use(express.json()).post('/webhook', handler);

  it('answers a genuine Neynar delivery 500 body_unavailable: its bytes are gone', async () => {
    const handled: string[] = [];
    const handler = webhookHandler({
      sender: neynarSender({ secrets: SECRET }),
      on: { 'cast.created': (event) => void handled.push(event.data.hash) },
    });
    const { headers, body } = await buildNeynarDelivery({ secret: SECRET });
    const response = await request(app(handler)).post('/webhook').set(headers).send(body);
    expect([response.status, response.body.error]).toEqual([500, 'body_unavailable']);
    expect(handled).toEqual([]);
  });

  it('handles a Mini App event, checked from the parsed value', async () => {
    const signer = await createMiniAppSigner({ fid: 3 });
    const handled: number[] = [];
    const handler = webhookHandler({
      sender: miniAppSender({ verifyAppKey: signer.verifyAppKey }),
      on: { miniapp_removed: (event) => void handled.push(event.data.fid) },
    });
    const body = JSON.stringify(await signer.sign({ event: 'miniapp_removed' }));
    const response = await request(app(handler)).post('/webhook').set('content-type', 'application/json').send(body);
    expect(response.status).toBe(200);
    expect(handled).toEqual([3]);
    // A forgery is still refused: another user's signature under this user's FID.
    const forged = await request(app(handler))
      .post('/webhook')
      .set('content-type', 'application/json')
      .send(JSON.stringify(await signer.sign({ event: 'miniapp_removed' }, { fid: 4 })));
    expect(forged.status).toBe(401);
  });

  it("handles the founding service's delivery", async () => {
    const handled: string[] = [];
    const handler = webhookHandler({
      secret: { 'follow.created': SECRET },
      on: { 'follow.created': (event) => void handled.push(event.data.followerProfileId) },
    });
    const { headers, body } = buildDelivery({ secret: SECRET, eventName: 'follow.created' });
    expect((await request(app(handler)).post('/webhook').set(headers).send(body)).status).toBe(200);
    expect(handled).toEqual(['3761']);
  });
});

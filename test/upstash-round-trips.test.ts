import { applyMiniAppEvent, miniAppSender, verifyAppKeyWithHub, webhookHandler } from '@social-webhooks/core';
import { createMiniAppSigner } from '@social-webhooks/core/testing';
import { redisAppKeyStore, redisTokenStore } from '@social-webhooks/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalHub, type LocalHub } from './support/local-hub.js';
import { DESERIALIZATIONS, useUpstash } from './support/upstash-client.js';

// Round trips of a Mini App delivery on Vercel: the app key checked through redisAppKeyStore and the
// token kept by redisTokenStore, both on @upstash/redis over HTTP, counted as requests to the REST
// stand-in. Each is a round trip a function waits for (20 ms or more from a region away).
const upstash = useUpstash();
let hub: LocalHub;
beforeAll(async () => {
  hub = await startLocalHub();
});
afterAll(() => hub?.close());
let nextFid = 5_000;
let prefixes = 0;

describe.each(DESERIALIZATIONS)('a Mini App delivery on $name', ({ options }) => {
  it('of a user whose keys are not cached costs 3 round trips and one hub call; a cached one 2, no hub call', async () => {
    const client = upstash.fromEnv(options);
    const prefix = `round-trips-${++prefixes}:`;
    const tokens = redisTokenStore({ client, prefix: `${prefix}tokens:` });
    const handle = webhookHandler({
      sender: miniAppSender({ verifyAppKey: verifyAppKeyWithHub({ hubUrl: hub.url, store: redisAppKeyStore({ client, prefix }) }) }),
      on: { miniapp_added: (event) => applyMiniAppEvent(tokens, event) },
    });
    const signer = await createMiniAppSigner({ fid: nextFid++ });
    hub.add(signer.signerEvent);
    const added = { event: 'miniapp_added', notificationDetails: { url: 'https://client.example/notify', token: 't1' } } as const;

    const calls = hub.calls.length;
    let before = upstash.rest.requests;
    expect((await handle(await signer.deliveryRequest(added))).status).toBe(200);
    // The lookup's start (list, else fetch claim and budget), its finish (list, call, claim), the token.
    expect(upstash.rest.requests - before).toBe(3);
    expect(hub.calls.length - calls).toBe(1);

    before = upstash.rest.requests;
    expect((await handle(await signer.deliveryRequest(added))).status).toBe(200);
    expect(upstash.rest.requests - before).toBe(2);
    expect(hub.calls.length - calls).toBe(1);
    expect(await tokens.get(signer.fid)).toEqual([
      { fid: signer.fid, appFid: expect.any(Number), ...added.notificationDetails, enabledAt: expect.any(Number) },
    ]);
  });
});

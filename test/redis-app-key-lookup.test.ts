import { miniAppSender, verifyAppKeyWithHub, webhookHandler } from '@social-webhooks/core';
import { createMiniAppSigner } from '@social-webhooks/core/testing';
import { redisAppKeyStore } from '@social-webhooks/redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalHub, type LocalHub } from './support/local-hub.js';
import { useRedisClient } from './support/redis-client.js';

// The lookup's two steps on redisAppKeyStore (startLookup, then finish) against a real redis-server
// and a hub on loopback: what a failed fetch leaves behind, and a cached user's events while a
// forged key's re-check of the same FID fails.
const redis = useRedisClient();
let hub: LocalHub;
beforeAll(async () => {
  hub = await startLocalHub();
});
afterAll(() => hub?.close());
afterEach(() => hub.answerWith(undefined));
let nextFid = 7_000;
let prefixes = 0;
const removed = { event: 'miniapp_removed' } as const;

function receiver(options: { recheckMs?: number; maxConcurrentLookups?: number } = {}) {
  const prefix = `lookup-${++prefixes}:`;
  const store = redisAppKeyStore({ client: redis.client, prefix });
  const handle = webhookHandler({
    sender: miniAppSender({ verifyAppKey: verifyAppKeyWithHub({ hubUrl: hub.url, store, ...options }) }),
    on: { miniapp_removed: () => undefined },
    logger: false,
  });
  return { prefix, handle };
}

describe('verifyAppKeyWithHub on redisAppKeyStore', () => {
  it('frees the fetch claim and the call when the hub fails, so the next event fetches at once', async () => {
    const { prefix, handle } = receiver({ maxConcurrentLookups: 1 });
    const signer = await createMiniAppSigner({ fid: nextFid++ });
    hub.add(signer.signerEvent);
    hub.answerWith((_request, response) => void response.writeHead(500).end());
    expect((await handle(await signer.deliveryRequest(removed))).status).toBe(503);
    expect(await redis.client.exists(`${prefix}fetch:${signer.fid}`)).toBe(0);
    expect(await redis.client.zCard(`${prefix}budget:in-flight`)).toBe(0);
    hub.answerWith(undefined);
    expect((await handle(await signer.deliveryRequest(removed))).status).toBe(200);
  });

  it("answers a cached user's event from the cache while a forged key's re-check of that FID fails", async () => {
    const { handle } = receiver({ recheckMs: 0 });
    const signer = await createMiniAppSigner({ fid: nextFid++ });
    hub.add(signer.signerEvent);
    expect((await handle(await signer.deliveryRequest(removed))).status).toBe(200);
    const forger = await createMiniAppSigner({ fid: signer.fid });
    hub.answerWith((_request, response) => void setTimeout(() => response.writeHead(500).end(), 300));
    const forged = handle(await forger.deliveryRequest(removed));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    expect((await handle(await signer.deliveryRequest(removed))).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(200);
    expect((await forged).status).toBe(503);
  });
});

import { startEmulator, type Emulator } from '@social-webhooks/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCloudflareWorkers, type StorageKind } from './support/cloudflare-workers.js';

// End to end on workerd: a Worker whose Mini App receiver (miniAppSender, verifyAppKeyWithHub) keeps
// its app keys and tokens in the Cloudflare stores receives the emulator's signed events, the
// emulator its hub; then the Worker notifies every user through the emulator as the Farcaster client.
// Calls to the storage are counted in the Worker: each is a round trip a delivery waits for.
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ retry: { attempts: 1, baseDelayMs: 20, timeoutMs: 5_000 } });
});
afterAll(() => emulator?.stop());
const workers = useCloudflareWorkers(() => ({ HUB_URL: emulator.miniApp.hubUrl }));
let nextFid = 7_000;

describe.each<{ storage: StorageKind }>([{ storage: 'd1' }, { storage: 'do' }])('a Mini App Worker on $storage', ({ storage }) => {
  it('keeps the tokens of signed events in 3 storage calls for a user whose keys are not cached, 2 for a cached one, and notifies each user once', async () => {
    const prefix = `miniapp_${storage}_`;
    const to = `${workers.url()}/webhook?storage=${storage}&prefix=${prefix}`;
    const send = async (fid: number, event: 'notifications_enabled' | 'notifications_disabled') => {
      const sent = await emulator.miniApp.send({ to, event, fid });
      const delivery = await emulator.miniApp.waitForDelivery(sent.deliveryId);
      expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([200]);
      return sent;
    };
    // Creates the tables (a D1 database's first call does), so the counts below are the deliveries'.
    await workers.call('a', { storage, prefix, store: 'tokens', method: 'get', args: [0] });

    const [first, second] = [nextFid++, nextFid++];
    let before = await workers.storageCalls('a');
    await send(first, 'notifications_enabled');
    const uncached = (await workers.storageCalls('a')) - before;
    before = await workers.storageCalls('a');
    const enabled = await send(first, 'notifications_enabled');
    const cached = (await workers.storageCalls('a')) - before;
    console.log(
      `a Mini App delivery on ${storage}: ${uncached} storage calls for a user whose keys are not cached, ${cached} for a cached one`,
    );
    expect([uncached, cached]).toEqual([3, 2]);
    const token = (enabled.payload as { notificationDetails: { token: string } }).notificationDetails.token;
    expect(await workers.call('a', { storage, prefix, store: 'tokens', method: 'get', args: [first] })).toEqual([
      { fid: first, appFid: 9152, url: expect.stringContaining('/_emulator/miniapp/notifications'), token, enabledAt: expect.any(Number) },
    ]);
    await send(second, 'notifications_enabled');
    await send(second, 'notifications_disabled');
    expect(await workers.call('a', { storage, prefix, store: 'tokens', method: 'get', args: [second] })).toEqual([]);

    const notify = async () => {
      const answer = await workers.fetch('a', `/notify?storage=${storage}&prefix=${prefix}`, {
        method: 'POST',
        body: JSON.stringify({ notificationId: `welcome-${storage}` }),
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as { successful: number; alreadySent: number };
    };
    expect(await notify()).toMatchObject({ successful: 1, alreadySent: 0 });
    expect(await notify()).toMatchObject({ successful: 0, alreadySent: 1 });
    expect(emulator.miniApp.received(first).map(({ notificationId }) => notificationId)).toEqual([`welcome-${storage}`]);
  });
});

import { cleanup, cloudflareNotificationHistory, cloudflareOpenStore, type CloudflareStorage } from '@social-webhooks/cloudflare';
import { withOpens } from '@social-webhooks/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCloudflareWorkers, type StorageKind } from './support/cloudflare-workers.js';
import { openStoreContract } from './support/open-store-contract.js';

// The open store on D1 and on the Durable Object of a Worker on workerd, reached through Miniflare's
// proxies of its bindings: the open store contract (support/open-store-contract.ts: the same counts
// as the memory store, one unique open of a user two instances record at once, opens that lapse
// after retentionMs and start again), and cleanup() deleting what lapsed.
const workers = useCloudflareWorkers();
const storages = {} as Record<StorageKind, CloudflareStorage>;
beforeAll(async () => {
  const { d1, durableObject } = await workers.bindings();
  storages.d1 = { d1 };
  storages.do = { durableObject };
}, 60_000);
let prefixes = 0;

for (const kind of ['d1', 'do'] as const) {
  openStoreContract(
    `cloudflareOpenStore on ${kind}`,
    (options) => {
      const prefix = `opens_${kind}_${++prefixes}_`;
      return () => cloudflareOpenStore({ ...storages[kind], prefix, ...options });
    },
    { ms: 1_500, waitMs: 1_700 },
    { concurrent: true },
  );
}

describe.each<StorageKind>(['d1', 'do'])('cloudflareOpenStore on %s', (kind) => {
  it("cleanup() deletes a notification's opens retentionMs after the last; a history with them reads the new ones", async () => {
    const prefix = `opens_${kind}_${++prefixes}_`;
    const kept = cloudflareOpenStore({ ...storages[kind], prefix, retentionMs: 1_500 });
    await kept.record({ notificationId: 'n', fid: 1, clientFid: 9152, at: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(await cleanup({ ...storages[kind], prefix })).toMatchObject({ opens: 1 });
    expect(await kept.counts('n')).toEqual({ opens: 0, uniqueOpens: 0, byClient: {} });
    const history = withOpens(cloudflareNotificationHistory({ ...storages[kind], prefix }), kept);
    await history.record({
      notification: { notificationId: 'm', title: 'T', body: 'B', targetUrl: 'https://app.example.com/' },
      at: Date.now(),
      entries: [],
    });
    await kept.record({ notificationId: 'm', fid: 2, at: Date.now() });
    expect((await history.get('m'))?.opens).toEqual({ opens: 1, uniqueOpens: 1, byClient: {} });
  });
});

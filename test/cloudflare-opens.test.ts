import { cleanup, cloudflareNotificationHistory, cloudflareOpenStore, type CloudflareStorage } from '@social-webhooks/cloudflare';
import { memoryOpenStore, withOpens, type OpenRecord } from '@social-webhooks/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCloudflareWorkers, type StorageKind } from './support/cloudflare-workers.js';

// The open store on D1 and on the Durable Object of a Worker on workerd, reached through Miniflare's
// proxies of its bindings: the same opens give the same counts as the memory store, two instances
// recording one user at once count one unique open, and a notification's opens lapse after
// retentionMs and start again.
const workers = useCloudflareWorkers();
const storages = {} as Record<StorageKind, CloudflareStorage>;
beforeAll(async () => {
  const { d1, durableObject } = await workers.bindings();
  storages.d1 = { d1 };
  storages.do = { durableObject };
}, 60_000);
let prefixes = 0;

describe.each<StorageKind>(['d1', 'do'])('cloudflareOpenStore on %s', (kind) => {
  const store = (retentionMs?: number) =>
    cloudflareOpenStore({ ...storages[kind], prefix: `opens_${kind}_${++prefixes}_`, ...(retentionMs !== undefined && { retentionMs }) });

  it('counts as the memory store: opens, unique opens, per client; unique as the memory store answers it', async () => {
    const [memory, kept] = [memoryOpenStore(), store()];
    const opens: OpenRecord[] = [];
    for (let index = 0; index < 40; index++) {
      const clientFid = index % 4 === 0 ? undefined : index % 4 === 1 ? 9152 : 309857;
      opens.push({
        notificationId: index % 3 === 0 ? 'a' : 'b',
        fid: 1 + (index % 7),
        at: Date.now(),
        ...(clientFid !== undefined && { clientFid }),
      });
    }
    for (const open of opens) expect(await kept.record(open)).toEqual(await memory.record(open));
    for (const id of ['a', 'b', 'never']) expect(await kept.counts(id)).toEqual(await memory.counts(id));
    expect((await kept.counts('b')).byClient['9152']!.uniqueOpens).toBeGreaterThan(0);
  });

  it('counts one unique open of a user recorded by two instances at once', async () => {
    const one = store();
    const other = cloudflareOpenStore({ ...storages[kind], prefix: `opens_${kind}_${prefixes}_` });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? one : other).record({ notificationId: 'n', fid: 42, clientFid: 9152, at: Date.now() }),
      ),
    );
    expect(answers.filter(({ unique }) => unique)).toHaveLength(1);
    expect(await one.counts('n')).toEqual({ opens: 20, uniqueOpens: 1, byClient: { '9152': { opens: 20, uniqueOpens: 1 } } });
  });

  it("forgets a notification's opens retentionMs after the last, then counts it again from nothing; cleanup() deletes them", async () => {
    const kept = store(1_500);
    const prefix = `opens_${kind}_${prefixes}_`;
    await kept.record({ notificationId: 'n', fid: 1, clientFid: 9152, at: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(await kept.counts('n')).toEqual({ opens: 0, uniqueOpens: 0, byClient: {} });
    expect(await kept.record({ notificationId: 'n', fid: 1, clientFid: 9152, at: Date.now() })).toEqual({ unique: true });
    expect(await kept.counts('n')).toEqual({ opens: 1, uniqueOpens: 1, byClient: { '9152': { opens: 1, uniqueOpens: 1 } } });
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(await cleanup({ ...storages[kind], prefix })).toMatchObject({ opens: 1 });
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

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNeynarDelivery, neynarSampleEvent } from '@social-webhooks/core/testing';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { bundleWorker } from './support/runtimes.js';
import { range } from './support/token-fill.js';

// Deliveries handed to Cloudflare Queues and run by the Worker's queue() export, and broadcasts whose
// batches are messages, on workerd through Miniflare (its queue broker: at-least-once delivery,
// retries, max_retries and a dead-letter queue as wrangler.toml sets them).
const SECRET = 'queue-worker-secret';
const recorded: Record<string, unknown>[] = [];
let printed = '';
let recorder: Server;
let miniflare: Miniflare;
let url: URL;
let client: StandInClient;

beforeAll(async () => {
  recorder = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      recorded.push(JSON.parse(body) as Record<string, unknown>);
      response.end();
    });
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => recorder.once('listening', resolve));
  client = await startNotificationClient();
  const consumer = { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 2 };
  miniflare = new Miniflare({
    modules: true,
    script: await bundleWorker(fileURLToPath(new URL('./runtimes/queue-worker.ts', import.meta.url))),
    compatibilityDate: '2025-01-01',
    d1Databases: { DB: 'queue-db' },
    bindings: { NEYNAR_SECRET: SECRET, RECORD_URL: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/` },
    queueProducers: { DELIVERIES: 'deliveries', NOTIFICATIONS: 'notifications', RAW: 'raw' },
    queueConsumers: {
      deliveries: { ...consumer, deadLetterQueue: 'deliveries-dead' },
      raw: { ...consumer, deadLetterQueue: 'raw-dead' },
      notifications: { ...consumer, deadLetterQueue: 'notifications-dead' },
      'deliveries-dead': { maxBatchTimeout: 0 },
      'raw-dead': { maxBatchTimeout: 0 },
    },
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    },
  });
  url = await miniflare.ready.catch((error: unknown) => {
    throw new Error(`workerd did not start:\n${printed}`, { cause: error });
  });
}, 60_000);
afterAll(async () => {
  await miniflare?.dispose();
  await client?.close();
  await new Promise((resolve) => recorder?.close(resolve));
});

const cast = (text: string, hash = `0x${text.replaceAll(/\W/g, '')}`) => ({ ...neynarSampleEvent('cast.created').data, text, hash });
async function post(path: string, data: unknown, secret = SECRET) {
  const { headers, body } = await buildNeynarDelivery({ secret, type: 'cast.created', data });
  const response = await fetch(new URL(path, url), { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as unknown, sent: body };
}
const entries = (key: string, value?: unknown) => recorded.filter((entry) => key in entry && (value === undefined || entry[key] === value));

describe('queueHandoff and queueConsumer on workerd', () => {
  it('answers 202 once queued and runs the handler in queue(), the event as the receiver typed it', async () => {
    const answer = await post('/webhook', cast('hello queue'));
    expect([answer.status, answer.body]).toEqual([202, 'queued']);
    await expect.poll(() => entries('handled', '0xhelloqueue').length, { timeout: 20_000 }).toBe(1);
    const [run] = entries('handled', '0xhelloqueue');
    expect(run).toMatchObject({
      text: 'hello queue',
      attempt: 1,
      createdAt: (JSON.parse(answer.sent) as { created_at: number }).created_at,
    });
  });

  it('runs a delivery the sender sent twice once: two messages, one claim by the delivery key', async () => {
    const data = cast('sent twice');
    const { headers, body } = await buildNeynarDelivery({ secret: SECRET, type: 'cast.created', data, createdAt: 1_764_000_000 });
    const twice = [0, 1].map(() => fetch(new URL('/webhook', url), { method: 'POST', headers, body }));
    expect((await Promise.all(twice)).map((response) => response.status)).toEqual([202, 202]);
    await expect.poll(() => entries('handled', '0xsenttwice').length, { timeout: 20_000 }).toBe(1);
    // The second message was acked as a duplicate: a third delivery still runs nothing.
    expect((await fetch(new URL('/webhook', url), { method: 'POST', headers, body })).status).toBe(202);
    await post('/webhook', cast('marker after twice'));
    await expect.poll(() => entries('handled', '0xmarkeraftertwice').length, { timeout: 20_000 }).toBe(1);
    expect(entries('handled', '0xsenttwice')).toHaveLength(1);
  });

  it('retries a handler that throws, with onError told of each failure, until it succeeds', async () => {
    await post('/webhook', cast('fail twice'));
    await expect.poll(() => entries('handled', '0xfailtwice').map((entry) => entry.attempt), { timeout: 30_000 }).toEqual([1, 2, 3]);
    expect(entries('failed').filter((entry) => String(entry.error).startsWith('Error: fail twice'))).toMatchObject([
      { attempt: 1 },
      { attempt: 2 },
    ]);
  });

  it('moves a message that fails past max_retries to the dead-letter queue, its delivery key and event inside', async () => {
    await post('/webhook', cast('fail always'));
    await expect.poll(() => entries('deadLetter', 'deliveries-dead').length, { timeout: 30_000 }).toBe(1);
    expect(entries('handled', '0xfailalways').map((entry) => entry.attempt)).toEqual([1, 2, 3]);
    expect(entries('deadLetter', 'deliveries-dead')[0]!.body).toMatchObject({
      type: 'delivery',
      key: expect.stringMatching(/^neynar:cast\.created:/),
      eventName: 'cast.created',
      data: { text: 'fail always' },
      sender: 'neynar',
    });
  });

  it('sends a message it cannot run (not written by queueHandoff) to the dead-letter queue, saying why', async () => {
    await fetch(new URL('/raw', url), { method: 'POST', body: JSON.stringify({ hello: 'world' }) });
    await expect.poll(() => entries('deadLetter', 'raw-dead').length, { timeout: 30_000 }).toBe(1);
    expect(entries('deadLetter', 'raw-dead')[0]!.body).toEqual({ hello: 'world' });
    expect(printed).toContain("has no { type: 'delivery', key, eventName, data }; it was not sent by queueHandoff()");
  });

  it('queues nothing for a forged delivery (401)', async () => {
    expect((await post('/webhook', cast('forged one'), 'forged')).status).toBe(401);
    await post('/webhook', cast('marker after forged'));
    await expect.poll(() => entries('handled', '0xmarkerafterforged').length, { timeout: 20_000 }).toBe(1);
    expect(entries('handled', '0xforgedone')).toEqual([]);
  });

  it('answers 413 past QUEUE_MAX_BODY_BYTES, and 503 with the fix logged for a message over 128 KB', async () => {
    const big = (bytes: number) => cast('x'.repeat(bytes), '0xbig');
    expect((await post('/webhook', big(101_000))).body).toMatchObject({ error: 'payload_too_large' });
    const uncapped = await post('/webhook-uncapped', big(130_000));
    expect([uncapped.status, uncapped.body]).toEqual([503, expect.objectContaining({ error: 'queue_unavailable' })]);
    await expect.poll(() => printed, { timeout: 5_000 }).toMatch(/over the 128000 bytes Cloudflare Queues takes per message/);
    expect(printed).toContain('Give the receiver maxBodyBytes: QUEUE_MAX_BODY_BYTES (100000)');
    // A body just within the cap fits a message.
    expect((await post('/webhook', cast('y'.repeat(95_000), '0xjustwithin'))).status).toBe(202);
    await expect.poll(() => entries('handled', '0xjustwithin').length, { timeout: 20_000 }).toBe(1);
  });
});

describe('queueBroadcaster and notificationConsumer on workerd', () => {
  it('sends a broadcast as batch messages of at most 100 tokens per client, each user once, even when started twice', async () => {
    const other = await startNotificationClient();
    try {
      const targets = [
        ...range(230).map((fid) => ({ fid, appFid: 9152, url: client.url, token: client.issue(fid) })),
        ...range(30, 1000).map((fid) => ({ fid, appFid: 77, url: other.url, token: other.issue(fid, 77) })),
      ];
      expect((await fetch(new URL('/tokens', url), { method: 'POST', body: JSON.stringify(targets) })).status).toBe(204);
      const notification = {
        notificationId: 'queued-1',
        title: 'Queued',
        body: 'A broadcast over Queues',
        targetUrl: 'https://app.example.com/',
      };
      // Started twice (a retried request, a double click): two plans, and still each user once.
      const start = () => fetch(new URL('/broadcast', url), { method: 'POST', body: JSON.stringify({ ...notification, to: 'all' }) });
      for (const started of [await start(), await start()]) expect(await started.json()).toEqual({ notificationId: 'queued-1', to: 'all' });
      // Two plans of 260 targets: each target ends sent or already sent (one held back by the other
      // plan's claim in flight is queued again after its interval, then found sent).
      const sum = (key: string) => entries('batch').reduce((total, entry) => total + (entry[key] as number), 0);
      try {
        await expect.poll(() => sum('successful') + sum('alreadySent'), { timeout: 30_000 }).toBe(520);
      } catch (error) {
        console.log(printed, JSON.stringify(entries('batch')));
        throw error;
      }
      expect(entries('planned')).toEqual([
        { planned: 4, targets: 260 },
        { planned: 4, targets: 260 },
      ]);
      expect([sum('failed'), sum('retry'), sum('invalid')]).toEqual([0, 0, 0]);
      // A target both plans claimed at once is sent by both (the limiter allows a retry of the same
      // notificationId within its interval); the client dedupes it, and it counts as a duplicate.
      expect(sum('successful') - 260).toBe(client.duplicates + other.duplicates);
      expect(client.requests.every((request) => request.tokens <= 100)).toBe(true);
      expect([...client.delivered.values(), ...other.delivered.values()]).toEqual(Array(260).fill(1));
      expect(client.violations).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('retries a batch whose request failed as a delayed message, under the same notificationId', async () => {
    const third = await startNotificationClient();
    try {
      const targets = range(3, 5001).map((fid) => ({ fid, appFid: 9152, url: third.url, token: third.issue(fid) }));
      expect((await fetch(new URL('/tokens', url), { method: 'POST', body: JSON.stringify(targets) })).status).toBe(204);
      const before = recorded.length;
      third.fault({ count: 1, status: 503 });
      const notification = { notificationId: 'queued-2', title: 'Again', body: 'After a 503', targetUrl: 'https://app.example.com/' };
      const started = await fetch(new URL('/broadcast', url), {
        method: 'POST',
        body: JSON.stringify({ ...notification, to: [5001, 5002, 5003] }),
      });
      expect(await started.json()).toEqual({ notificationId: 'queued-2', to: [5001, 5002, 5003] });
      await expect
        .poll(() => [...third.delivered.keys()].sort(), { timeout: 30_000 })
        .toEqual(['5001:queued-2', '5002:queued-2', '5003:queued-2']);
      // The batch whose request got the 503 handed its three targets on; the retry delivered them.
      const batches = () => recorded.slice(before).filter((entry) => 'batch' in entry);
      await expect
        .poll(() => batches().map(({ successful, retry }) => [successful, retry]))
        .toEqual([
          [0, 3],
          [3, 0],
        ]);
      expect(third.requests).toEqual([{ notificationId: 'queued-2', tokens: 3, at: expect.any(Number) }]);
    } finally {
      await third.close();
    }
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { NotificationTarget } from '@social-webhooks/core';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { bundleWorker } from './support/runtimes.js';

// Every audience form that travels as JSON, broadcast by queueBroadcaster() and read by
// notificationConsumer() on workerd through Miniflare, reaches exactly its users at two stand-in
// clients; the forms that cannot travel are refused by broadcast(), and a plan message whose audience
// is malformed goes to the dead-letter queue, sending to nobody.
const SINCE = Date.parse('2026-11-01T00:00:00Z');
const DAY = 86_400_000;
const outcomes: Record<string, unknown>[] = [];
let printed = '';
let recorder: Server;
let miniflare: Miniflare;
let url: URL;
let farcaster: StandInClient;
let other: StandInClient;

beforeAll(async () => {
  recorder = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      outcomes.push(JSON.parse(body) as Record<string, unknown>);
      response.end();
    });
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => recorder.once('listening', resolve));
  miniflare = new Miniflare({
    modules: true,
    script: await bundleWorker(fileURLToPath(new URL('./runtimes/queue-audience-worker.ts', import.meta.url))),
    compatibilityDate: '2025-01-01',
    d1Databases: { DB: 'queue-audience-db' },
    bindings: { RECORD_URL: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/` },
    queueProducers: { NOTIFICATIONS: 'notifications' },
    queueConsumers: {
      notifications: { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 1, deadLetterQueue: 'notifications-dead' },
      'notifications-dead': { maxBatchTimeout: 0 },
    },
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    },
  });
  url = await miniflare.ready.catch((error: unknown) => {
    throw new Error(`workerd did not start:\n${printed}`, { cause: error });
  });
  // Farcaster's users 1-6 (1, 2 enabled before SINCE; 3, 4 at it; 5, 6 after), the other client's 7-10 (7 before, 8-10 after).
  [farcaster, other] = await Promise.all([startNotificationClient(), startNotificationClient()]);
  const enabledAt = [0, -DAY, -DAY, 0, 0, DAY, DAY, -DAY, DAY, DAY, DAY];
  const targets: NotificationTarget[] = enabledAt.slice(1).map((offset, index) => {
    const fid = index + 1;
    const [client, appFid] = fid <= 6 ? [farcaster, 9152] : [other, 77];
    return { fid, appFid, url: client.url, token: client.issue(fid, appFid), enabledAt: SINCE + offset };
  });
  expect((await fetch(new URL('/tokens', url), { method: 'POST', body: JSON.stringify(targets) })).status).toBe(204);
}, 60_000);
afterAll(async () => {
  await miniflare?.dispose();
  await Promise.all([farcaster?.close(), other?.close()]);
  await new Promise((resolve) => recorder?.close(resolve));
});

const notification = (notificationId: string) => ({
  notificationId,
  title: 'Audience',
  body: notificationId,
  targetUrl: 'https://app.example.com/',
});
async function broadcast(notificationId: string, to: unknown, form?: string) {
  const response = await fetch(new URL('/broadcast', url), {
    method: 'POST',
    body: JSON.stringify({ notification: notification(notificationId), to, form, since: SINCE }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const deliveredTo = (notificationId: string) =>
  [...farcaster.delivered.keys(), ...other.delivered.keys()]
    .filter((key) => key.endsWith(`:${notificationId}`))
    .map((key) => Number(key.split(':')[0]))
    .sort((a, b) => a - b);
const of = (id: string, key: string) =>
  outcomes.filter((outcome) => outcome.id === id && key in outcome).reduce((total, outcome) => total + (outcome[key] as number), 0);

describe('queueBroadcaster audiences on workerd', () => {
  it('sends each JSON audience form to exactly its users, a Date carried as milliseconds', async () => {
    const forms: [string, unknown, number[], string?][] = [
      ['all-exclude', { all: true, exclude: [2, 8] }, [1, 3, 4, 5, 6, 7, 9, 10]],
      ['fids-exclude', { fids: [1, 2, 3, 7, 99], exclude: [3] }, [1, 2, 7]],
      ['client-fid', { all: true, client: 77 }, [7, 8, 9, 10]],
      ['client-url', { all: true, client: farcaster.url }, [1, 2, 3, 4, 5, 6]],
      ['enabled-since', { all: true, enabledSince: '2026-11-01T00:00:00Z' }, [3, 4, 5, 6, 8, 9, 10]],
      ['enabled-before', { client: 9152, enabledBefore: SINCE }, [1, 2]],
      ['enabled-before-date', undefined, [1, 2, 7], 'date'],
    ];
    const answers = await Promise.all(forms.map(([id, to, , form]) => broadcast(id, to, form)));
    expect(answers.map(({ status }) => status)).toEqual(Array(forms.length).fill(200));
    // The Date the Worker passed is in the plan message as milliseconds.
    expect(answers.at(-1)!.body).toEqual({ notificationId: 'enabled-before-date', to: { all: true, enabledBefore: SINCE } });
    try {
      for (const [id, , expected] of forms) {
        await expect.poll(() => [of(id, 'planned'), of(id, 'successful')], { timeout: 20_000 }).toEqual([expected.length, expected.length]);
      }
    } catch (error) {
      console.log(printed, JSON.stringify(outcomes));
      throw error;
    }
    for (const [id, , expected] of forms) expect(deliveredTo(id), id).toEqual(expected);
    expect([...farcaster.violations, ...other.violations]).toEqual([]);
  });

  it('refuses in broadcast() what a message cannot carry, saying what to pass instead, and queues nothing', async () => {
    const where = await broadcast('refused-where', undefined, 'where');
    expect([where.status, where.body.code]).toEqual([400, 'invalid_options']);
    expect(where.body.message).toMatch(
      /^@social-webhooks\/cloudflare: queueBroadcaster\(\)\.broadcast\(\): `where` is a function, .*filter the FIDs in your app and pass `\{ fids: \[\.\.\.\] \}`/,
    );
    for (const form of ['iterable', 'set']) {
      const refused = await broadcast(`refused-${form}`, undefined, form);
      expect([refused.status, refused.body.code]).toEqual([400, 'invalid_options']);
      expect(refused.body.message).toMatch(/`fids` is an iterable, .*collect it into a list \(`\{ fids: \[\.\.\.\] \}`/);
    }
    // A broadcast queued after them is planned; they never were.
    expect((await broadcast('after-refused', [1])).status).toBe(200);
    await expect.poll(() => deliveredTo('after-refused'), { timeout: 20_000 }).toEqual([1]);
    expect(outcomes.filter((outcome) => String(outcome.id).startsWith('refused-'))).toEqual([]);
  });

  it('dead-letters a plan whose audience is malformed, never reading it as everyone', async () => {
    const malformed = [{ all: true, exlude: [1] }, { all: 'yes' }, { fids: [1], where: 'fid > 1' }, { enabledSince: SINCE }];
    for (const [index, to] of malformed.entries()) {
      const body = { type: 'plan', notification: notification(`malformed-${index}`), to };
      expect((await fetch(new URL('/plan', url), { method: 'POST', body: JSON.stringify(body) })).status).toBe(204);
    }
    const dead = () => outcomes.filter((outcome) => 'deadLetter' in outcome).map((outcome) => outcome.deadLetter as { to: unknown });
    await expect.poll(() => dead().length, { timeout: 20_000 }).toBe(malformed.length);
    expect(dead().map((body) => body.to)).toEqual(expect.arrayContaining(malformed));
    for (const index of malformed.keys()) expect(deliveredTo(`malformed-${index}`)).toEqual([]);
    expect(printed).toContain('is no plan or batch of queueBroadcaster(); it is retried, then moved to the dead-letter queue.');
  });
});

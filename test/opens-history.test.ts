import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createClient } from '@farcaster/quick-auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNotifier, memoryNotificationHistory, memoryOpenStore, memoryTokenStore, WebhookError } from '@social-webhooks/core';
import { openReceiver, type OpenReceiverOptions } from '@social-webhooks/opens';
import { openListener } from '@social-webhooks/opens/node';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { startQuickAuthIssuer, type QuickAuthIssuer } from './support/quick-auth-keys.js';

// The opens receiver given the history its senders write: a real send through createNotifier to a
// strict stand-in client on loopback fills the history; tokens signed by a key this test holds and
// checked by quick-auth's verifyJwt; the receiver on real loopback servers.
const DOMAIN = 'app.example.com';
const digest = { notificationId: 'digest-1', title: 'Digest', body: 'Three new casts', targetUrl: 'https://app.example.com/digest' };

const harnesses: { name: string; mount(options: OpenReceiverOptions): Server }[] = [
  {
    name: 'openReceiver on @hono/node-server',
    mount: (options) => serve({ fetch: openReceiver(options), port: 0, hostname: '127.0.0.1' }) as Server,
  },
  { name: 'openListener on node:http', mount: (options) => createServer(openListener(options)).listen(0, '127.0.0.1') },
];

let issuer: QuickAuthIssuer;
let client: StandInClient;
const history = memoryNotificationHistory();
beforeAll(async () => {
  issuer = await startQuickAuthIssuer();
  client = await startNotificationClient();
  const tokens = memoryTokenStore();
  for (const fid of [3, 4]) await tokens.save({ fid, appFid: 9152, url: client.url, token: client.issue(fid, 9152) });
  // User 4's token is no longer honoured: the client answers it invalid, so 4 was never delivered the digest.
  client.revoke((await tokens.get(4))[0]!.token);
  const report = await createNotifier({ store: tokens, history, limiter: false, logger: false }).send(digest, { to: [3, 4] });
  expect(report).toMatchObject({ successful: 1, invalid: 1 });
});
afterAll(async () => {
  await client?.close();
  await issuer?.close();
});

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe.each(harnesses)('$name with history', ({ mount }) => {
  const start = async (options: Partial<OpenReceiverOptions> = {}) => {
    const store = memoryOpenStore();
    const server = mount({
      domain: DOMAIN,
      store,
      history,
      verify: createClient({ origin: issuer.origin }).verifyJwt,
      logger: false,
      ...options,
    });
    servers.push(server);
    if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/opens`;
    const report = async (fid: number, notificationId: string) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await issuer.sign({ fid, domain: DOMAIN })}` },
        body: JSON.stringify({ notificationId, clientFid: 9152 }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    return { store, report };
  };

  it('records the open of a user the notification was delivered to; a repeat counts in opens, not uniqueOpens', async () => {
    const { store, report } = await start();
    expect(await report(3, 'digest-1')).toEqual({ status: 200, body: { recorded: true, unique: true } });
    expect(await report(3, 'digest-1')).toEqual({ status: 200, body: { recorded: true, unique: false } });
    expect(await store.counts('digest-1')).toEqual({ opens: 2, uniqueOpens: 1, byClient: { '9152': { opens: 2, uniqueOpens: 1 } } });
  });

  it.each([
    ['a user the client refused the token of (invalid: never delivered)', 4, 'digest-1'],
    ['a user the notification was not sent to', 5, 'digest-1'],
    ['a notification never sent, by a user who was sent another', 3, 'digest-2'],
  ])('answers %s 404 notification_not_sent, and records nothing', async (_case, fid, notificationId) => {
    const { store, report } = await start();
    expect(await report(fid, notificationId)).toEqual({
      status: 404,
      body: { error: 'notification_not_sent', message: expect.any(String) },
    });
    expect(await store.counts(notificationId)).toEqual({ opens: 0, uniqueOpens: 0, byClient: {} });
  });

  it('answers 503 open_history_unavailable, and records nothing, when the history fails', async () => {
    const { store, report } = await start({ history: { timeline: () => Promise.reject(new Error('history down')) } });
    expect(await report(3, 'digest-1')).toEqual({ status: 503, body: { error: 'open_history_unavailable', message: expect.any(String) } });
    expect((await store.counts('digest-1')).opens).toBe(0);
  });
});

describe('openReceiver history option', () => {
  it('refuses a history without timeline() with invalid_options that says what to pass', () => {
    const call = () => openReceiver({ domain: DOMAIN, store: memoryOpenStore(), history: {} } as unknown as OpenReceiverOptions);
    expect(call).toThrow(WebhookError);
    expect(call).toThrow(/^@social-webhooks\/opens: openReceiver\(\): `history` must be a NotificationHistory/);
  });
});

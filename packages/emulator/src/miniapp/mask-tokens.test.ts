import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../emulator.js';
import type { MiniAppDeliveryRecord } from './miniapp-deliveries.js';
import { maskMiniAppBody } from './mask-tokens.js';

// What the page reads of a Mini App delivery that carried a token: a real emulator, a Mini App on
// loopback answering 200, and the routes the page calls with its own token.
let emulator: Emulator;
let app: Server;
let pageToken: string;
let page: string;
beforeAll(async () => {
  emulator = await startEmulator();
  app = createServer((req, res) => void req.resume().on('end', () => res.writeHead(200).end()));
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  page = await (await fetch(`${emulator.url}/`)).text();
  pageToken = (JSON.parse(/<script id="config" type="application\/json">(.*?)<\/script>/s.exec(page)![1]!) as { token: string }).token;
});
afterAll(async () => {
  await emulator.stop();
  await new Promise((resolve) => app.close(resolve));
});

/** A route as the page calls it: with the page's token, from the emulator's own address. */
async function asPage(path: string, body?: unknown): Promise<string> {
  const response = await fetch(emulator.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-emulator-page-token': pageToken },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  expect(response.status, path).toBeLessThan(300);
  return response.text();
}

/** The payload a JSON Farcaster Signature body carries, decoded. */
const payloadOf = (body: string) =>
  JSON.parse(Buffer.from((JSON.parse(body) as { payload: string }).payload, 'base64url').toString()) as {
    notificationDetails?: { token: string };
  };

describe('a Mini App delivery that carried a token, as the page reads it', () => {
  it('shows the token in the request body’s payload only as its first characters; no route the page reads holds it', async () => {
    const webhookUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhook`;
    const sent = await emulator.miniApp.send({ to: webhookUrl, event: 'notifications_enabled', fid: 3 });
    expect((await emulator.miniApp.waitForDelivery(sent.deliveryId)).state).toBe('delivered');
    const token = (sent.payload as { notificationDetails: { token: string } }).notificationDetails.token;
    // The body sent carries it, in its base64url payload: what the request view used to print.
    expect(payloadOf(emulator.miniApp.delivery(sent.deliveryId)!.body).notificationDetails?.token).toBe(token);

    const one = JSON.parse(await asPage(`/_emulator/miniapp/deliveries/${sent.deliveryId}`)) as { delivery: MiniAppDeliveryRecord };
    const shown = `${token.slice(0, 8)}…`;
    expect(payloadOf(one.delivery.body).notificationDetails?.token).toBe(shown);
    expect(one.delivery.attempts.map((attempt) => payloadOf(attempt.request.body).notificationDetails?.token)).toEqual([shown]);

    // The page's own send answers the first characters too.
    const viaForm = JSON.parse(await asPage('/_emulator/miniapp/events', { to: webhookUrl, event: 'miniapp_added', fid: 4 })) as {
      deliveryId: string;
      payload: { notificationDetails: { token: string } };
    };
    expect(viaForm.payload.notificationDetails.token).toHaveLength(8);
    const formToken = emulator.miniApp.tokens().find((issued) => issued.fid === 4)!.token;
    await emulator.miniApp.waitForDelivery(viaForm.deliveryId);

    // The Mini App notifies user 3 with the token, so the received and broadcasts lists have it too.
    const notified = await fetch(`${emulator.url}/_emulator/miniapp/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        notificationId: 'hello',
        title: 'Hello',
        body: 'A body',
        targetUrl: 'https://app.example.com/',
        tokens: [token],
      }),
    });
    expect(notified.status).toBe(200);
    const received = JSON.parse(await asPage('/_emulator/miniapp/received')) as { received: { fid: number; tokenPrefix: string }[] };
    expect(received.received).toEqual([expect.objectContaining({ fid: 3, tokenPrefix: token.slice(0, 8) })]);

    const read = [page, JSON.stringify(viaForm)];
    for (const name of ['deliveries', 'received', 'users', 'refused', 'broadcasts']) read.push(await asPage(`/_emulator/miniapp/${name}`));
    let payloads = 0;
    for (const text of read) {
      // The token in plain sight, and inside any base64url payload the text carries.
      const decoded = [...text.matchAll(/payload\\?":\\?"([A-Za-z0-9_-]{16,})/g)].map(([, payload]) =>
        Buffer.from(payload!, 'base64url').toString(),
      );
      payloads += decoded.length;
      for (const value of [token, formToken]) {
        expect(text).not.toContain(value);
        for (const payload of decoded) expect(payload).not.toContain(value);
      }
    }
    // Two deliveries in the list, each its body and its attempt's request.
    expect(payloads).toBeGreaterThanOrEqual(4);
  });

  it('shows nothing of a body it cannot read, and a body without a token as it is', () => {
    expect(maskMiniAppBody('not json')).toBe('(not shown: not a JSON Farcaster Signature with a JSON payload)');
    const removed = JSON.stringify({
      header: 'h',
      payload: Buffer.from('{"event":"miniapp_removed"}').toString('base64url'),
      signature: 's',
    });
    expect(maskMiniAppBody(removed)).toBe(removed);
  });
});

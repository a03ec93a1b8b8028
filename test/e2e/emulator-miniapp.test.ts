import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createVerifyAppKeyWithHub,
  parseWebhookEvent,
  type SendNotificationRequest,
  type SendNotificationResponse,
} from '@farcaster/miniapp-node';
import { Configuration, NeynarHubClient } from '@neynar/nodejs-sdk';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { MINI_APP_EVENT_NAMES } from '@social-webhooks/core';
import type { OnChainSignerEvent } from '@social-webhooks/core/testing';
import { startEmulator, type Emulator, type NotificationRequest, type NotificationResult } from '@social-webhooks/emulator';

// The emulator's Mini App side held to the references: what it signs, @farcaster/miniapp-node's
// parseWebhookEvent accepts with the reference's own hub lookup pointed at the emulator; what its
// hub route answers, @neynar/nodejs-sdk's hub client reads; its notification API takes the
// reference's request type and answers the reference's response type.

// The SDK's hub models are not exported from its root: the one its client answers with is.
type SignersAnswer = Awaited<ReturnType<NeynarHubClient['fetchUserOnChainSignersEvents']>>;
type OnChainEventSigner = Extract<SignersAnswer, { events: unknown }>['events'][number];

let emulator: Emulator;
let app: Server;
let webhookUrl: string;
const bodies: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator();
  app = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('"ok"');
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhook`;
});
afterAll(async () => {
  await emulator?.stop();
  await new Promise((resolve) => app?.close(resolve));
});

describe('the emulator as a Farcaster client, against the references', () => {
  it.each(MINI_APP_EVENT_NAMES)('%s: parseWebhookEvent accepts the body with createVerifyAppKeyWithHub(emulator.url)', async (event) => {
    const sent = await emulator.miniApp.send({ to: webhookUrl, event, fid: 21, appFid: 555 });
    const delivery = await emulator.miniApp.waitForDelivery(sent.deliveryId);
    expect(delivery.state).toBe('delivered');
    expect(bodies).toContain(delivery.body);
    const parsed = await parseWebhookEvent(JSON.parse(delivery.body), createVerifyAppKeyWithHub(emulator.url));
    expect(parsed).toEqual({ fid: 21, appFid: 555, event: sent.payload });
  });

  it('answers the hub client of @neynar/nodejs-sdk at its base path with the user’s key', async () => {
    const { appKey } = await emulator.miniApp.send({ to: webhookUrl, event: 'miniapp_removed', fid: 22 });
    const hub = new NeynarHubClient(new Configuration({ apiKey: 'unused-by-the-emulator', basePath: emulator.url }));
    const answer = await hub.fetchUserOnChainSignersEvents({ fid: 22 });
    expect(answer).toEqual({ events: [expect.objectContaining({ fid: 22, signerEventBody: expect.objectContaining({ key: appKey }) })] });
  });

  it('has the references’ shapes, checked by the compiler', () => {
    // What a hub lists, what a Mini App sends, what a client answers.
    expectTypeOf<OnChainSignerEvent>().toExtend<OnChainEventSigner>();
    expectTypeOf<SendNotificationRequest>().toExtend<NotificationRequest>();
    expectTypeOf<{ result: NotificationResult }>().toExtend<SendNotificationResponse>();
  });
});

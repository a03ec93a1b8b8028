import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import express from 'express5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullmqHandoff, webhookWorker, type WebhookWorker } from '@social-webhooks/bullmq';
import { applyMiniAppEvent, miniAppSender, type MiniAppEvent, type NotificationTokenStore } from '@social-webhooks/core';
import { buildDelivery, createMiniAppSigner, type MiniAppPayload, type MiniAppSigner } from '@social-webhooks/core/testing';
import { webhookHandler } from '@social-webhooks/express';
import { redisStore, redisTokenStore } from '@social-webhooks/redis';
import { useRedisClient } from './support/redis-client.js';
import { redisConnection } from './support/redis-connection.js';

// Identical bodies that are different events (issue 34): a JFS event carries no time nor nonce and
// Ed25519 is deterministic, so a user who removes, adds and removes the app sends the same bytes
// twice. Through BullMQ's hand-off (job id = delivery key) and through Redis dedupe, on a real
// redis-server, the token store must end as the user left it.
const DETAILS = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'repeat-token' };
const added = { event: 'miniapp_added', notificationDetails: DETAILS } as const;
const enabled = { event: 'notifications_enabled', notificationDetails: DETAILS } as const;
const SEQUENCES: { name: string; events: MiniAppPayload[]; token: boolean }[] = [
  { name: 'removed, added, removed', events: [{ event: 'miniapp_removed' }, added, { event: 'miniapp_removed' }], token: false },
  {
    name: 'disabled, enabled, disabled',
    events: [{ event: 'notifications_disabled' }, enabled, { event: 'notifications_disabled' }],
    token: false,
  },
  { name: 'added, removed, added', events: [added, { event: 'miniapp_removed' }, added], token: true },
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (check: () => Promise<boolean>) => {
  for (let waited = 0; !(await check()) && waited < 10_000; waited += 25) await sleep(25);
  expect(await check()).toBe(true);
};

describe('Mini App events whose bodies repeat, over a real Redis', () => {
  const redis = useRedisClient();
  let server: Server;
  let base: string;
  let tokens: NotificationTokenStore;
  let queue: Queue;
  let worker: WebhookWorker;
  const signers: MiniAppSigner[] = [];
  const verifyAppKey = async (fid: number, appKey: string) =>
    signers.find((signer) => signer.fid === fid)?.appKey === appKey.toLowerCase()
      ? { valid: true as const, appFid: 9152 }
      : { valid: false as const };
  const sender = miniAppSender({ verifyAppKey });
  const apply = (event: MiniAppEvent) => applyMiniAppEvent(tokens, event);
  const on = { miniapp_added: apply, miniapp_removed: apply, notifications_enabled: apply, notifications_disabled: apply };

  beforeAll(async () => {
    tokens = redisTokenStore({ client: redis.client });
    queue = new Queue('miniapp-repeats', { connection: { ...redisConnection(redis.server.url), enableOfflineQueue: false } });
    worker = webhookWorker({ queueName: 'miniapp-repeats', connection: redisConnection(redis.server.url), sender, on });
    const app = express();
    app.post('/handoff', webhookHandler({ sender, handoff: bullmqHandoff({ queue }) }));
    app.post('/dedupe', webhookHandler({ sender, on, dedupe: { store: redisStore({ client: redis.client }) } }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await worker?.close();
    await new Promise((resolve) => server?.close(resolve));
    await queue?.close();
  });

  let nextFid = 100;
  const signerFor = async () => {
    const signer = await createMiniAppSigner({ fid: nextFid++, appFid: 9152 });
    signers.push(signer);
    return signer;
  };

  it.for(SEQUENCES)('through handoff: $name leaves the token store right', async ({ events, token }) => {
    const signer = await signerFor();
    const bodies: string[] = [];
    for (const payload of events) {
      const { headers, body } = await signer.delivery(payload);
      bodies.push(body);
      const completed = await queue.getCompletedCount();
      const response = await fetch(`${base}/handoff`, { method: 'POST', headers, body });
      expect([response.status, await response.json()]).toEqual([202, 'queued']);
      // The user's next event comes seconds later; here, once the worker has run this one.
      await until(async () => (await queue.getCompletedCount()) === completed + 1);
    }
    // The first and last bodies are the same bytes: without a key of their own, the last was dropped.
    expect(bodies[0]).toBe(bodies[2]);
    expect((await tokens.get(signer.fid)).map((target) => target.token)).toEqual(token ? [DETAILS.token] : []);
  });

  it.for(SEQUENCES)('through dedupe: $name leaves the token store right', async ({ events, token }) => {
    const signer = await signerFor();
    for (const payload of events) {
      const { headers, body } = await signer.delivery(payload);
      const response = await fetch(`${base}/dedupe`, { method: 'POST', headers, body });
      expect([response.status, await response.json()]).toEqual([200, 'ok']);
    }
    expect((await tokens.get(signer.fid)).map((target) => target.token)).toEqual(token ? [DETAILS.token] : []);
  });

  it("leaves other senders' keying as it was: the founding service's identical bodies are still one delivery", async () => {
    const secret = 'repeat-secret';
    let runs = 0;
    const app = express();
    app.post(
      '/',
      webhookHandler({ secret, on: { 'follow.created': () => void runs++ }, dedupe: { store: redisStore({ client: redis.client }) } }),
    );
    const founding = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => founding.once('listening', resolve));
    try {
      const { headers, body } = buildDelivery({ secret, eventName: 'follow.created' });
      const url = `http://127.0.0.1:${(founding.address() as AddressInfo).port}/`;
      const answers = [];
      for (let round = 0; round < 2; round++) answers.push(await (await fetch(url, { method: 'POST', headers, body })).json());
      expect(answers).toEqual(['ok', 'ignored: already handled']);
      expect(runs).toBe(1);
    } finally {
      await new Promise((resolve) => founding.close(resolve));
    }
  });
});

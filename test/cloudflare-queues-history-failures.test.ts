import {
  notificationConsumer,
  type BatchMessage,
  type NotifyMessage,
  type QueueMessage,
  type QueueProducer,
} from '@social-webhooks/cloudflare';
import { memoryNotificationHistory, memoryTokenStore, type BatchTarget, type NotificationHistory } from '@social-webhooks/core';
import { afterEach, describe, expect, it } from 'vitest';
import { deliveredTo, digest } from './support/history-scenario.js';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { range } from './support/token-fill.js';

// The Queues consumer's history against failures, in Node with a stand-in client on loopback and a
// producer that records what is queued (or fails when told): the history is written after the
// follow-ups are queued, and a history that cannot be written fails no message. The broker's side
// runs on workerd in test/cloudflare-queues-history.test.ts.
const clients: StandInClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function rig(fids: number[]) {
  const client = await startNotificationClient();
  clients.push(client);
  const store = memoryTokenStore();
  const targets: BatchTarget[] = fids.map((fid) => ({ fid, appFid: 9152, token: client.issue(fid) }));
  for (const target of targets) await store.save({ ...target, url: client.url });
  const queued: NotifyMessage[] = [];
  let failures = 0;
  const queue: QueueProducer<NotifyMessage> = {
    send: async (body) => void queued.push(body),
    sendBatch: async (messages) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('Queue.sendBatch() failed');
      }
      for (const { body } of messages) queued.push(body);
    },
  };
  const batch = (list = targets): BatchMessage => ({
    type: 'batch',
    notification: digest,
    url: client.url,
    targets: list,
    kind: 'batch',
    round: 0,
    attempt: 0,
  });
  return { client, store, queue, queued, batch, targets, failQueue: (count: number) => (failures = count) };
}

/** One message as the broker hands it, recording whether it was acked or retried. */
function message(body: NotifyMessage, attempts = 1) {
  const settled = { acked: 0, retried: 0 };
  const queued: QueueMessage<NotifyMessage> = {
    id: `m-${attempts}`,
    timestamp: new Date(),
    body,
    attempts,
    ack: () => void (settled.acked += 1),
    retry: () => void (settled.retried += 1),
  };
  return { queued, settled };
}
const context = { waitUntil: () => undefined };

describe('notificationConsumer and its history when something fails', () => {
  it('writes nothing for a message whose follow-up could not be queued; its next run writes each target once', async () => {
    const { client, store, queue, batch, failQueue } = await rig(range(5));
    const history = memoryNotificationHistory();
    const consume = notificationConsumer({ queue, store, history, limiter: false, logger: false, retryDelayMs: 0 });
    // The request fails (503): its retry cannot be queued, so the message is retried whole.
    client.fault({ count: 1, status: 503 });
    failQueue(1);
    const first = message(batch());
    expect(await consume({ queue: 'notifications', messages: [first.queued] }, {}, context)).toEqual([undefined]);
    expect(first.settled).toEqual({ acked: 0, retried: 1 });
    expect(await history.get(digest.notificationId)).toBeUndefined();

    const again = message(batch(), 2);
    const [outcome] = await consume({ queue: 'notifications', messages: [again.queued] }, {}, context);
    expect(outcome).toMatchObject({ type: 'batch', result: { successful: expect.any(Array) } });
    expect(again.settled).toEqual({ acked: 1, retried: 0 });
    expect((await history.get(digest.notificationId))!.counts).toMatchObject({ successful: 5, failed: 0 });
    expect(deliveredTo(client, digest.notificationId)).toHaveLength(5);
    expect((await history.timeline(3))[0]!.attempts).toEqual([expect.objectContaining({ outcome: 'successful', final: true })]);
  });

  it('acks every message when the history cannot be written, and warns once (history_failed)', async () => {
    const { client, store, queue, queued, batch, targets } = await rig(range(6));
    const failing: NotificationHistory = { ...memoryNotificationHistory(), record: () => Promise.reject(new Error('D1 is down')) };
    const warnings: unknown[] = [];
    const logger = { warn: (_message: string, fields: unknown) => void warnings.push(fields) };
    const consume = notificationConsumer({ queue, store, history: failing, logger, limiter: false, rateLimitRetryMs: 0 });
    // One token rate-limited (whichever request comes first): its follow-up is queued all the same.
    client.fault({ count: 2, rateLimit: [targets[0]!.token] });
    const messages = [message(batch(targets.slice(0, 3))), message(batch(targets.slice(3)))];
    const outcomes = await consume({ queue: 'notifications', messages: messages.map(({ queued: one }) => one) }, {}, context);
    expect(outcomes.map((outcome) => outcome?.type)).toEqual(['batch', 'batch']);
    expect(messages.map(({ settled }) => settled)).toEqual([
      { acked: 1, retried: 0 },
      { acked: 1, retried: 0 },
    ]);
    expect(queued).toEqual([expect.objectContaining({ kind: 'limited', round: 1, targets: [targets[0]] })]);
    expect(deliveredTo(client, digest.notificationId)).toHaveLength(5);
    expect(warnings).toEqual([expect.objectContaining({ code: 'history_failed' })]);
  });
});

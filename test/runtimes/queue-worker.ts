// A Worker that hands Neynar deliveries to a queue and runs them in its queue() export, and sends
// broadcasts whose batches are messages (workerd through Miniflare; test/cloudflare-queues.test.ts).
// Claims, tokens and the limiter's record are in the D1 database DB. What its handlers see is POSTed
// to RECORD_URL, a loopback server of the test.
import { neynarSender, webhookHandler, type NotificationTarget, type WebHandler } from '@social-webhooks/core';
import {
  QUEUE_MAX_BODY_BYTES,
  cloudflareNotificationLimiter,
  cloudflareStore,
  cloudflareTokenStore,
  type D1Like,
  notificationConsumer,
  queueBroadcaster,
  queueConsumer,
  queueHandoff,
  type DeliveryMessage,
  type NotificationConsumer,
  type NotifyMessage,
  type QueueBatch,
  type QueueConsumer,
  type QueueProducer,
  type WorkerContext,
} from '@social-webhooks/cloudflare';

interface Env {
  readonly DB: D1Like;
  readonly DELIVERIES: QueueProducer<DeliveryMessage>;
  readonly NOTIFICATIONS: QueueProducer<NotifyMessage>;
  readonly RAW: QueueProducer<unknown>;
  readonly NEYNAR_SECRET: string;
  readonly RECORD_URL: string;
}

let receivers: { capped: WebHandler; uncapped: WebHandler } | undefined;
let deliveries: QueueConsumer | undefined;
let notifications: NotificationConsumer | undefined;

const record = (env: Env, entry: unknown) =>
  fetch(env.RECORD_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(entry) });

function receiversOf(env: Env) {
  const sender = neynarSender({ secrets: env.NEYNAR_SECRET });
  return (receivers ??= {
    capped: webhookHandler({ sender, handoff: queueHandoff(env.DELIVERIES), maxBodyBytes: QUEUE_MAX_BODY_BYTES }),
    uncapped: webhookHandler({ sender, handoff: queueHandoff(env.DELIVERIES) }),
  });
}

function deliveriesOf(env: Env): QueueConsumer {
  return (deliveries ??= queueConsumer({
    sender: neynarSender({ secrets: env.NEYNAR_SECRET }),
    dedupe: { store: cloudflareStore({ d1: env.DB }) },
    retryDelaySeconds: 0,
    maxRetries: 2,
    on: {
      'cast.created': async (event, { attempt, message }) => {
        const text = event.data.text ?? '';
        await record(env, { handled: event.data.hash, text, attempt, createdAt: event.createdAt, messageId: message.id });
        if (text.startsWith('fail') && (text === 'fail always' || attempt < 3)) throw new Error(`${text}: attempt ${attempt}`);
      },
    },
    onError: (error, event, { attempt }) => record(env, { failed: event.eventName, attempt, error: String(error) }),
  }));
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/webhook') return receiversOf(env).capped(request);
    if (pathname === '/webhook-uncapped') return receiversOf(env).uncapped(request);
    if (pathname === '/raw') return (await env.RAW.send(await request.json()), new Response(null, { status: 204 }));
    if (pathname === '/tokens') {
      const tokens = cloudflareTokenStore({ d1: env.DB });
      for (const target of (await request.json()) as NotificationTarget[]) await tokens.save(target);
      return new Response(null, { status: 204 });
    }
    if (pathname === '/broadcast') {
      const { to, ...notification } = (await request.json()) as { to: 'all' } & Parameters<
        ReturnType<typeof queueBroadcaster>['broadcast']
      >[0];
      return Response.json(await queueBroadcaster({ queue: env.NOTIFICATIONS }).broadcast(notification, { to }));
    }
    return new Response('Not found', { status: 404 });
  },
  async queue(batch: QueueBatch, env: Env, ctx: WorkerContext): Promise<void> {
    if (batch.queue === 'deliveries' || batch.queue === 'raw') {
      await deliveriesOf(env)(batch as QueueBatch<DeliveryMessage>, env, ctx);
    } else if (batch.queue === 'notifications') {
      notifications ??= notificationConsumer({
        queue: env.NOTIFICATIONS,
        store: cloudflareTokenStore({ d1: env.DB }),
        limiter: cloudflareNotificationLimiter({ d1: env.DB }),
        retryDelayMs: 0,
      });
      const outcomes = await notifications(batch as QueueBatch<NotifyMessage>, env, ctx);
      for (const outcome of outcomes) {
        if (outcome?.type === 'plan') await record(env, { planned: outcome.batches, targets: outcome.targets });
        if (outcome?.type === 'batch') {
          const { url, successful, alreadySent, invalid, rateLimited, failed, retry } = outcome.result;
          const count = (list: readonly unknown[]) => list.length;
          await record(env, {
            batch: url,
            successful: count(successful),
            alreadySent: count(alreadySent),
            invalid: count(invalid),
            rateLimited: count(rateLimited),
            failed: count(failed),
            retry: retry?.targets.length ?? 0,
          });
        }
      }
    } else {
      // A dead-letter queue: what it holds is recorded, then acked.
      for (const message of batch.messages) {
        await record(env, { deadLetter: batch.queue, body: message.body });
        message.ack();
      }
    }
  },
};

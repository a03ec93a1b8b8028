// A Worker that broadcasts over Cloudflare Queues to every JSON audience form, and refuses the others
// in broadcast() (workerd through Miniflare; test/cloudflare-queues-audiences.test.ts). Tokens and the
// limiter's record are in the D1 database DB. What each plan and batch came to, by notificationId,
// and what the dead-letter queue holds, are POSTed to RECORD_URL, a loopback server of the test.
import { WebhookError, type Notification, type NotificationAudience, type NotificationTarget } from '@social-webhooks/core';
import {
  cloudflareNotificationLimiter,
  cloudflareTokenStore,
  notificationConsumer,
  queueBroadcaster,
  type D1Like,
  type NotificationConsumer,
  type NotifyMessage,
  type QueueBatch,
  type QueueProducer,
  type WorkerContext,
} from '@social-webhooks/cloudflare';

interface Env {
  readonly DB: D1Like;
  readonly NOTIFICATIONS: QueueProducer<NotifyMessage>;
  readonly RECORD_URL: string;
}

let notifications: NotificationConsumer | undefined;

const record = (env: Env, entry: unknown) =>
  fetch(env.RECORD_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(entry) });

/** Audiences JSON cannot carry to the Worker, built here from `form`: a Date, `where`, an async iterable, a Set. */
function audienceOf(form: string | undefined, to: unknown, since: number): unknown {
  if (form === 'date') return { all: true, enabledBefore: new Date(since) };
  if (form === 'where') return { all: true, where: () => true };
  if (form === 'iterable')
    return {
      fids: (async function* () {
        yield 1;
      })(),
    };
  if (form === 'set') return { fids: new Set([1, 2]) };
  return to;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/tokens') {
      const tokens = cloudflareTokenStore({ d1: env.DB });
      for (const target of (await request.json()) as NotificationTarget[]) await tokens.save(target);
      return new Response(null, { status: 204 });
    }
    if (pathname === '/broadcast') {
      const { notification, to, form, since } = (await request.json()) as {
        notification: Notification;
        to: unknown;
        form?: string;
        since: number;
      };
      try {
        const audience = audienceOf(form, to, since) as NotificationAudience;
        return Response.json(await queueBroadcaster({ queue: env.NOTIFICATIONS }).broadcast(notification, { to: audience }));
      } catch (error) {
        if (!(error instanceof WebhookError)) throw error;
        return Response.json({ code: error.code, message: error.message }, { status: 400 });
      }
    }
    if (pathname === '/plan') {
      // A plan message not written by broadcast(): its audience as given.
      await env.NOTIFICATIONS.send((await request.json()) as NotifyMessage, { contentType: 'json' });
      return new Response(null, { status: 204 });
    }
    return new Response('Not found', { status: 404 });
  },
  async queue(batch: QueueBatch, env: Env, ctx: WorkerContext): Promise<void> {
    if (batch.queue !== 'notifications') {
      for (const message of batch.messages) {
        await record(env, { deadLetter: message.body });
        message.ack();
      }
      return;
    }
    notifications ??= notificationConsumer({
      queue: env.NOTIFICATIONS,
      store: cloudflareTokenStore({ d1: env.DB }),
      // Each user is in several of the test's broadcasts at once: no interval between their notifications.
      limiter: cloudflareNotificationLimiter({ d1: env.DB, intervalMs: 1 }),
      retryDelayMs: 0,
    });
    const messages = batch.messages as QueueBatch<NotifyMessage>['messages'];
    const outcomes = await notifications(batch as QueueBatch<NotifyMessage>, env, ctx);
    for (const [index, outcome] of outcomes.entries()) {
      const id = messages[index]!.body.notification.notificationId;
      if (outcome?.type === 'plan') await record(env, { id, planned: outcome.targets });
      if (outcome?.type === 'batch') await record(env, { id, successful: outcome.result.successful.length });
    }
  },
};

// A Worker that queues broadcasts and sends their batches from its queue() export with a D1 history
// (workerd through Miniflare; test/cloudflare-queues-history.test.ts). Tokens, the limiter's record
// and the history are in the D1 database DB; each message's outcome is POSTed to RECORD_URL, a
// loopback server of the test.
import type { NotificationTarget } from '@social-webhooks/core';
import {
  cloudflareNotificationHistory,
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

let consume: NotificationConsumer | undefined;

const record = (env: Env, entry: unknown) =>
  fetch(env.RECORD_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(entry) });

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
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
  async queue(batch: QueueBatch<NotifyMessage>, env: Env, ctx: WorkerContext): Promise<void> {
    // No waiting in the test: a retry and a rate-limited round are queued without delay; one round,
    // so a target still limited then is counted failed (rate_limited).
    consume ??= notificationConsumer({
      queue: env.NOTIFICATIONS,
      store: cloudflareTokenStore({ d1: env.DB }),
      limiter: cloudflareNotificationLimiter({ d1: env.DB }),
      history: cloudflareNotificationHistory({ d1: env.DB }),
      retryDelayMs: 0,
      rateLimitRetryMs: 0,
      rateLimitRounds: 1,
    });
    const outcomes = await consume(batch, env, ctx);
    for (const outcome of outcomes) {
      if (outcome?.type !== 'batch') continue;
      const { url, successful, alreadySent, invalid, rateLimited, failed, retry } = outcome.result;
      await record(env, {
        url,
        successful: successful.length,
        alreadySent: alreadySent.length,
        invalid: invalid.length,
        rateLimited: rateLimited.length,
        failed: failed.length,
        retry: retry?.targets.length ?? 0,
      });
    }
  },
};

import {
  applyMiniAppEvent,
  isWebhookError,
  miniAppSender,
  webhookHandler,
  type MiniAppEvent,
  type Notification,
  type NotificationAudience,
  type WebHandler,
} from '@social-webhooks/core';
import type { WorkerContext } from '@social-webhooks/cloudflare';
import { hasBearer } from './bearer.js';
import type { Env } from './env.js';
import type { Stores } from './stores.js';

/** The Worker's routes: `POST /webhook` (the manifest's `webhookUrl`), `POST /broadcast`, `GET /health`. */
export function createApp(env: Env, stores: Stores) {
  // A handler gets the Request as its context; the Worker's ctx of that request is found by it.
  const contexts = new WeakMap<Request, WorkerContext>();
  const welcome = (fid: number) =>
    stores.notifier
      .send(
        { notificationId: `welcome-${fid}`, title: 'Welcome!', body: 'Thanks for adding the app.', targetUrl: `https://${env.DOMAIN}/` },
        { to: fid },
      )
      .then((report) => console.log(`welcome to fid ${fid}: ${report.successful} delivered`));
  const apply = async (event: MiniAppEvent, request: Request) => {
    await applyMiniAppEvent(stores.tokens, event);
    // The welcome after the answer: the client gives the webhook seconds, and waitUntil keeps the
    // Worker alive until the notification is sent. Its id is stable per user: sent twice, it reaches them once.
    if (event.eventName === 'miniapp_added' && event.data.notificationDetails !== undefined) {
      contexts.get(request)?.waitUntil(welcome(event.data.fid));
    }
  };
  const receive: WebHandler = webhookHandler({
    sender: miniAppSender({ verifyAppKey: stores.verifyAppKey }),
    // No dedupe: identical bodies can be different events, and each event is idempotent on the token store.
    on: { miniapp_added: apply, miniapp_removed: apply, notifications_enabled: apply, notifications_disabled: apply },
  });

  return async function fetch(request: Request, ctx: WorkerContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/health' && request.method === 'GET') return Response.json({ ok: true });
    if (pathname === '/webhook') {
      contexts.set(request, ctx);
      return receive(request);
    }
    if (pathname === '/broadcast' && request.method === 'POST' && env.BROADCAST_TOKEN !== undefined) {
      if (!(await hasBearer(request, env.BROADCAST_TOKEN))) return Response.json({ error: 'unauthorized' }, { status: 401 });
      try {
        const { to = 'all', ...notification } = (await request.json()) as Notification & { to?: NotificationAudience };
        // Queued, not sent: the queue() export sends it in batches, each in an invocation of its own.
        return Response.json(await stores.broadcaster.broadcast(notification, { to }), { status: 202 });
      } catch (error) {
        if (error instanceof SyntaxError) return Response.json({ error: 'invalid_json' }, { status: 400 });
        if (isWebhookError(error) && error.code === 'invalid_options') return Response.json({ error: error.message }, { status: 400 });
        throw error;
      }
    }
    return new Response('Not found', { status: 404 });
  };
}

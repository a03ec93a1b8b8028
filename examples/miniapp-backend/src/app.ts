import { Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import {
  applyMiniAppEvent,
  createNotifier,
  isWebhookError,
  miniAppSender,
  type MiniAppEvent,
  type Notification,
  type NotificationAudience,
  type NotificationLimiter,
  type NotificationTokenStore,
  type VerifyAppKey,
} from '@social-webhooks/core';
import { webhookHandler } from '@social-webhooks/hono';

export interface AppOptions {
  /** Whether a key is an active app key of the user: `verifyAppKeyWithHub({ hubUrl })` or `verifyAppKeyWithNeynar({ apiKey })`. */
  readonly verifyAppKey: VerifyAppKey;
  /** Where the notification tokens are kept: `memoryTokenStore()`, or `redisTokenStore({ client })`. */
  readonly tokens: NotificationTokenStore;
  /** Our side of the clients' limits: `memoryNotificationLimiter()` by default, `redisNotificationLimiter({ client })` with Redis. */
  readonly limiter?: NotificationLimiter;
  /** The app's domain (its manifest's host): every targetUrl is checked against it. */
  readonly domain: string;
  /** The bearer token of `POST /notify`; without one the route is not served. */
  readonly notifyToken?: string | undefined;
  /** Where each event is reported. Default: `console.log`. */
  readonly log?: (line: string) => void;
  /** The `fetch` notifications are sent with. Default the global one. */
  readonly fetch?: typeof fetch;
}

/**
 * The Mini App's backend: `POST /webhook` (the `webhookUrl` of its manifest) receives the four Mini
 * App events, verified, keeps each user's notification token up to date, and welcomes a user who
 * added the app with notifications on, after answering; `POST /notify` sends a notification to one
 * user, a list, or everyone; `GET /health`.
 */
export function createApp(options: AppOptions): Hono {
  const { verifyAppKey, tokens, domain, notifyToken, log = (line) => console.log(line) } = options;
  const notifier = createNotifier({
    store: tokens,
    domain,
    ...(options.limiter && { limiter: options.limiter }),
    ...(options.fetch && { fetch: options.fetch }),
  });
  const app = new Hono();
  app.get('/health', (c) => c.json({ ok: true }));

  // Answer first, notify after: a client gives the webhook seconds, so the welcome is sent once the
  // handler has returned, not inside it. Its id is stable per user: a retried welcome, or one sent
  // again by another instance, reaches the user once (the client dedupes (FID, notificationId)).
  const welcome = (fid: number) => {
    setTimeout(() => {
      const notification = {
        notificationId: `welcome-${fid}`,
        title: 'Welcome!',
        body: 'Thanks for adding the app.',
        targetUrl: `https://${domain}/`,
      };
      notifier.send(notification, { to: fid }).then(
        (report) => log(`welcome to fid ${fid}: ${report.successful} delivered`),
        (error: unknown) => log(`welcome to fid ${fid} failed: ${String(error)}`),
      );
    }, 0);
  };
  // One line per event: applyMiniAppEvent saves the token on miniapp_added (with details) and
  // notifications_enabled, and deletes the client's token on the other two.
  const apply = async (event: MiniAppEvent) => {
    await applyMiniAppEvent(tokens, event);
    log(`${event.eventName}: fid ${event.data.fid} in client ${event.data.appFid}`);
    if (event.eventName === 'miniapp_added' && event.data.notificationDetails !== undefined) welcome(event.data.fid);
  };
  app.post(
    '/webhook',
    webhookHandler({
      sender: miniAppSender({ verifyAppKey }),
      // No dedupe: the same body can be a new event (disabled, enabled, disabled sends one body twice),
      // and each event is idempotent on the token store, so a client's retry applied twice is harmless.
      on: { miniapp_added: apply, miniapp_removed: apply, notifications_enabled: apply, notifications_disabled: apply },
    }),
  );
  if (notifyToken !== undefined) {
    app.post('/notify', bearerAuth({ token: notifyToken }), async (c) => {
      const { to = 'all', ...notification } = await c.req.json<Notification & { to?: NotificationAudience }>();
      try {
        return c.json(await notifier.send(notification, { to }));
      } catch (error) {
        if (isWebhookError(error) && error.code === 'invalid_options') return c.json({ error: error.message }, 400);
        throw error;
      }
    });
  }
  return app;
}

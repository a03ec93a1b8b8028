import { Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { applyMiniAppEvent, miniAppSender, type MiniAppEvent, type NotificationTokenStore, type VerifyAppKey } from '@social-webhooks/core';
import { webhookHandler } from '@social-webhooks/hono';
import { sendNotification, type Notification } from './notify.js';

export interface AppOptions {
  /** Whether a key is an active app key of the user: `verifyAppKeyWithHub({ hubUrl })` or `verifyAppKeyWithNeynar({ apiKey })`. */
  readonly verifyAppKey: VerifyAppKey;
  /** Where the notification tokens are kept: `memoryTokenStore()`, or `redisTokenStore({ client })`. */
  readonly tokens: NotificationTokenStore;
  /** The bearer token of `POST /notify`; without one the route is not served. */
  readonly notifyToken?: string | undefined;
  /** Where each event is reported. Default: `console.log`. */
  readonly log?: (line: string) => void;
  /** The `fetch` notifications are sent with. Default the global one. */
  readonly fetch?: typeof fetch;
}

/**
 * The Mini App's backend: `POST /webhook` (the `webhookUrl` of its manifest) receives the four Mini
 * App events, verified, and keeps each user's notification token up to date; `POST /notify` sends a
 * notification with the tokens kept; `GET /health`.
 */
export function createApp({ verifyAppKey, tokens, notifyToken, log = (line) => console.log(line), fetch }: AppOptions): Hono {
  const app = new Hono();
  app.get('/health', (c) => c.json({ ok: true }));
  // One line per event: applyMiniAppEvent saves the token on miniapp_added (with details) and
  // notifications_enabled, and deletes the client's token on the other two.
  const apply = async (event: MiniAppEvent) => {
    await applyMiniAppEvent(tokens, event);
    log(`${event.eventName}: fid ${event.data.fid} in client ${event.data.appFid}`);
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
      const { fid, ...notification } = await c.req.json<Notification & { fid?: number }>();
      const report = await sendNotification({ tokens, notification, ...(fid !== undefined && { fid }), ...(fetch && { fetch }) });
      return c.json(report);
    });
  }
  return app;
}

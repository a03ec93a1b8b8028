import { Hono } from 'hono';
import { webhookHandler, type WebhookEvent } from '@social-webhooks/hono';
import type { SecretOption } from '@social-webhooks/core';

export interface AppOptions {
  /** The header value(s) the service gave when the webhook(s) were created. */
  readonly secret: SecretOption;
  /** Where each handled event is reported. Default: `console.log`. */
  readonly log?: (line: string, event: WebhookEvent) => void;
}

/** The example receiver: one webhook route and a health check. */
export function createApp({ secret, log = (line) => console.log(line) }: AppOptions): Hono {
  const app = new Hono();
  app.get('/health', (c) => c.json({ ok: true }));
  app.post(
    '/webhook',
    webhookHandler({
      secret,
      on: {
        'profile.created': (event) => log(`profile.created: user ${event.data.userId}`, event),
        'profile.updated': (event) => log(`profile.updated: user ${event.data.userId}`, event),
        'follow.created': (event) => log(`follow.created: ${event.data.followerProfileId} -> ${event.data.followingProfileId}`, event),
        'follow.deleted': (event, c) =>
          log(`follow.deleted: ${event.data.followerProfileId} -/-> ${event.data.followingProfileId} (${c.req.path})`, event),
      },
    }),
  );
  return app;
}

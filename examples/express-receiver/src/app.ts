import express, { type Express } from 'express';
import { webhookHandler, type WebhookEvent } from '@social-webhooks/express';
import type { SecretOption } from '@social-webhooks/core';

export interface AppOptions {
  /** The header value(s) the service gave when the webhook(s) were created. */
  readonly secret: SecretOption;
  /** Where each handled event is reported. Default: `console.log`. */
  readonly log?: (line: string, event: WebhookEvent) => void;
}

/** The example receiver: one webhook route and a health check. */
export function createApp({ secret, log = (line) => console.log(line) }: AppOptions): Express {
  const app = express();
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  app.post(
    '/webhook',
    webhookHandler({
      secret,
      on: {
        'profile.created': (event) => log(`profile.created: user ${event.data.userId} (${event.data.profileName ?? 'no name'})`, event),
        'profile.updated': (event) => log(`profile.updated: user ${event.data.userId} (${event.data.profileName ?? 'no name'})`, event),
        'follow.created': (event) =>
          log(`follow.created: ${event.data.followerProfileId} now follows ${event.data.followingProfileId}`, event),
        'follow.deleted': (event) =>
          log(`follow.deleted: ${event.data.followerProfileId} unfollowed ${event.data.followingProfileId}`, event),
      },
    }),
  );
  return app;
}

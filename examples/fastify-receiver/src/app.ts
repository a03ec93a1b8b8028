import Fastify, { type FastifyInstance } from 'fastify';
import { webhookPlugin, type WebhookEvent } from '@social-webhooks/fastify';
import type { SecretOption } from '@social-webhooks/core';

export interface AppOptions {
  /** The header value(s) the service gave when the webhook(s) were created. */
  readonly secret: SecretOption;
  /** Where each handled event is reported. Default: `console.log`. */
  readonly log?: (line: string, event: WebhookEvent) => void;
}

/** The example receiver: the webhook plugin beside the app's own JSON routes. */
export async function createApp({ secret, log = (line) => console.log(line) }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify();
  app.get('/health', async () => ({ ok: true }));
  // An ordinary JSON route: the plugin reads its raw body in its own context, so this one still
  // gets Fastify's parsed JSON.
  app.post('/echo', async (request) => ({ echo: request.body }));
  await app.register(webhookPlugin, {
    path: '/webhook',
    secret,
    on: {
      'profile.created': (event) => log(`profile.created: user ${event.data.userId} (${event.data.profileName ?? 'no name'})`, event),
      'profile.updated': (event) => log(`profile.updated: user ${event.data.userId} (${event.data.profileName ?? 'no name'})`, event),
      'follow.created': (event) => log(`follow.created: ${event.data.followerProfileId} now follows ${event.data.followingProfileId}`, event),
      'follow.deleted': (event) => log(`follow.deleted: ${event.data.followerProfileId} unfollowed ${event.data.followingProfileId}`, event),
    },
  });
  return app;
}

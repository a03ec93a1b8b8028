import { webhookHandler, type LogFields, type SecretOption, type SecretSource, type WebHandler } from '@social-webhooks/core';

/**
 * The webhook route of the Worker. `respondWithin` answers 202 before the service's gateway (5 s)
 * gives up on a slow handler; the handler then finishes under the Worker's `ctx.waitUntil`, which
 * the handler finds among `fetch`'s arguments. A Worker isolate is short-lived and one of many, so
 * an in-memory dedupe store would protect little: pass a shared `DedupeStore` to `dedupe` instead.
 * `secret` may be a function, read on the first delivery: a Worker's secrets live on `env`.
 */
export function createWebhookRoute(secret: SecretOption | SecretSource, log: (line: string) => void = (line) => console.log(line)): WebHandler {
  // Refusals (4xx) and failures (5xx) as one line each; an error object is logged by its message.
  const line = (message: string, fields: LogFields) => log(`${message} ${JSON.stringify(fields, (key, value: unknown) => (key === 'error' ? String(value) : value))}`);
  return webhookHandler({
    secret,
    respondWithin: 3000,
    logger: { warn: line, error: line },
    on: {
      'profile.created': (event) => log(`profile.created: user ${event.data.userId}`),
      'profile.updated': (event) => log(`profile.updated: user ${event.data.userId}`),
      'follow.created': (event) => log(`follow.created: ${event.data.followerProfileId} -> ${event.data.followingProfileId}`),
      'follow.deleted': (event) => log(`follow.deleted: ${event.data.followerProfileId} -/-> ${event.data.followingProfileId}`),
    },
  });
}

import { z } from 'zod';
import type { ManagementContext, RouteAnswer } from '../api/management-routes.js';
import { firstIssue } from '../api/requests.js';
import { EmulatorError } from '../emulator-error.js';
import { neynarEntry } from './neynar-management.js';
import { rotateSecrets } from './neynar-secrets.js';
import { neynarTime, type NeynarWebhook } from './neynar-webhook.js';

/** How long the old secrets keep verifying after a rotation, by default: one day. */
export const DEFAULT_GRACE_SECONDS = 86_400;

const rotateSchema = z
  .strictObject({ grace_seconds: z.number().int().min(0).max(31_536_000).optional() })
  .optional()
  .transform((value) => value ?? {});

/**
 * Rotates a Neynar webhook's secret (the emulator's own: Neynar rotates from its dashboard): a new
 * secret signs from now on; the older ones expire `graceSeconds` from now.
 * @throws {EmulatorError} `unknown_webhook`.
 */
export function rotateNeynarSecret(context: ManagementContext, webhookId: string, graceSeconds = DEFAULT_GRACE_SECONDS): NeynarWebhook {
  const entry = context.neynar.get(webhookId);
  if (entry === undefined)
    throw new EmulatorError(
      'unknown_webhook',
      `no Neynar webhook ${JSON.stringify(webhookId)}; list them with GET /v2/farcaster/webhook/list/.`,
    );
  const now = Date.now();
  const webhook: NeynarWebhook = {
    ...entry.webhook,
    secrets: rotateSecrets(entry.webhook.secrets, graceSeconds * 1000, now),
    updated_at: neynarTime(now),
  };
  context.neynar.add(neynarEntry(webhook));
  return webhook;
}

/** `POST /_emulator/neynar/webhooks/{id}/rotate-secret` `{ grace_seconds? }`: answers the webhook, secrets included. */
export function rotateSecretRoute(context: ManagementContext, webhookId: string, body: unknown): RouteAnswer {
  const parsed = rotateSchema.safeParse(body);
  if (!parsed.success) throw new EmulatorError('invalid_request', `${firstIssue(parsed.error)}; send {} or { "grace_seconds": 3600 }.`);
  return { status: 200, body: { status: true, webhook: rotateNeynarSecret(context, webhookId, parsed.data.grace_seconds) } };
}

/**
 * `GET /_emulator/neynar/webhooks`: the Neynar webhooks for the page, with their faults and their
 * secrets' names and ends but not their values.
 */
export function listNeynarForPage(context: ManagementContext): RouteAnswer {
  const webhooks = context.neynar.list().map(({ id, webhook }) => ({
    webhook_id: id,
    title: webhook.title,
    target_url: webhook.target_url,
    active: webhook.active,
    subscription: webhook.subscription.filters,
    secrets: webhook.secrets.map(({ uid, expires_at, created_at }) => ({ uid, expires_at, created_at })),
    created_at: webhook.created_at,
    faults: context.neynar.faults(id) ?? {},
  }));
  return { status: 200, body: { webhooks } };
}

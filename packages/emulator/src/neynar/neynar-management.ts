import { createHash } from 'node:crypto';
import { compileNeynarSubscription } from '@social-webhooks/filter';
import type { ManagementContext, RouteAnswer } from '../api/management-routes.js';
import { newWebhookId } from '../state/secrets.js';
import { neynarError, webhookAnswer } from './neynar-answers.js';
import { parseNeynarBody, parseSubscription } from './neynar-requests.js';
import { newNeynarSecret } from './neynar-secrets.js';
import { neynarTime, type NeynarEntry, type NeynarWebhook } from './neynar-webhook.js';

// Neynar's management API (docs.neynar.com "publish-webhook", "update-webhook", "fetch-webhooks";
// the SDK's `WebhookApi`). Each handler takes the parsed JSON body and answers a status and a body.

/** A compiled entry for a webhook's JSON (also used to restore the state file). */
export function neynarEntry(webhook: NeynarWebhook): NeynarEntry {
  return { id: webhook.webhook_id, webhook, matches: compileNeynarSubscription(webhook.subscription.filters) };
}

/** The developer an API key belongs to, as a UUID derived from the key: the same key, the same developer. */
function developerUuid(apiKey: string): string {
  const hex = createHash('sha256').update(`neynar-developer:${apiKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const notFound = (webhookId: string) =>
  neynarError('NotFound', `Webhook ${JSON.stringify(webhookId)} not found; list yours with GET /v2/farcaster/webhook/list/.`, 'webhook_id');

function find(context: ManagementContext, webhookId: string): NeynarEntry | RouteAnswer {
  return context.neynar.get(webhookId) ?? notFound(webhookId);
}

/** `POST /v2/farcaster/webhook/` `{ name, url, subscription? }`: one secret, active. */
export function createNeynarWebhook(context: ManagementContext, body: unknown, apiKey: string): RouteAnswer {
  const parsed = parseNeynarBody('create', body);
  if (!parsed.ok) return parsed.answer;
  const subscription = parseSubscription(parsed.value.subscription);
  if (!subscription.ok) return subscription.answer;
  const now = Date.now();
  const at = neynarTime(now);
  const id = newWebhookId(now);
  const webhook: NeynarWebhook = {
    object: 'webhook',
    webhook_id: id,
    developer_uuid: developerUuid(apiKey),
    target_url: parsed.value.url,
    title: parsed.value.name,
    secrets: [newNeynarSecret(now)],
    description: '',
    http_timeout: `${Math.ceil(context.options.retry.timeoutMs / 1000)}s`,
    rate_limit: 1000,
    rate_limit_duration: '60s',
    active: true,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    subscription: {
      object: 'webhook_subscription',
      subscription_id: newWebhookId(now),
      filters: subscription.value,
      created_at: at,
      updated_at: at,
    },
  };
  context.neynar.add(neynarEntry(webhook));
  return webhookAnswer('Webhook created successfully', webhook);
}

/** `GET /v2/farcaster/webhook/?webhook_id=`. */
export function lookupNeynarWebhook(context: ManagementContext, webhookId: string | null): RouteAnswer {
  if (webhookId === null || webhookId === '')
    return neynarError('InvalidField', 'webhook_id is required, as a query parameter', 'webhook_id');
  const entry = find(context, webhookId);
  return 'webhook' in entry ? { status: 200, body: { success: true, webhook: entry.webhook } } : entry;
}

/** `GET /v2/farcaster/webhook/list/`: every webhook, oldest first. */
export function listNeynarWebhooks(context: ManagementContext): RouteAnswer {
  return { status: 200, body: { webhooks: context.neynar.list().map((entry) => entry.webhook) } };
}

/**
 * `PUT /v2/farcaster/webhook/` `{ name, url, webhook_id, subscription? }`. A subscription left out
 * keeps the current one (Neynar's docs do not say; the SDK marks it optional).
 */
export function updateNeynarWebhook(context: ManagementContext, body: unknown): RouteAnswer {
  const parsed = parseNeynarBody('update', body);
  if (!parsed.ok) return parsed.answer;
  const entry = find(context, parsed.value.webhook_id);
  if (!('webhook' in entry)) return entry;
  const given = parsed.value.subscription;
  const subscription = parseSubscription(given);
  if (!subscription.ok) return subscription.answer;
  const at = neynarTime();
  const current = entry.webhook;
  const webhook: NeynarWebhook = {
    ...current,
    title: parsed.value.name,
    target_url: parsed.value.url,
    updated_at: at,
    subscription: given === undefined ? current.subscription : { ...current.subscription, filters: subscription.value, updated_at: at },
  };
  context.neynar.add(neynarEntry(webhook));
  return webhookAnswer('Webhook updated successfully', webhook);
}

/** `PATCH /v2/farcaster/webhook/` `{ webhook_id, active: "true" | "false" }`: an inactive webhook gets no new event. */
export function setNeynarWebhookActive(context: ManagementContext, body: unknown): RouteAnswer {
  const parsed = parseNeynarBody('active', body);
  if (!parsed.ok) return parsed.answer;
  const entry = find(context, parsed.value.webhook_id);
  if (!('webhook' in entry)) return entry;
  const webhook: NeynarWebhook = { ...entry.webhook, active: parsed.value.active === 'true', updated_at: neynarTime() };
  context.neynar.add({ ...entry, webhook });
  return webhookAnswer('Webhook status updated successfully', webhook);
}

/** `DELETE /v2/farcaster/webhook/` `{ webhook_id }`: answers the webhook as deleted; cancels its pending retries. */
export function deleteNeynarWebhook(context: ManagementContext, body: unknown): RouteAnswer {
  const parsed = parseNeynarBody('remove', body);
  if (!parsed.ok) return parsed.answer;
  const entry = find(context, parsed.value.webhook_id);
  if (!('webhook' in entry)) return entry;
  context.neynar.remove(entry.id);
  context.dispatcher.cancelWebhook(entry.id);
  const at = neynarTime();
  return webhookAnswer('Webhook deleted successfully', { ...entry.webhook, active: false, updated_at: at, deleted_at: at });
}

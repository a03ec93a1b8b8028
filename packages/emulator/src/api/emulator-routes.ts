import { eventPayloadSchemas } from '@social-webhooks/core';
import { mergeFaults } from '../delivery/faults.js';
import { airstackTarget } from '../state/airstack-target.js';
import { freshSample } from '../state/fresh-sample.js';
import type { ManagementContext, RouteAnswer } from './management-routes.js';
import { firstIssue, publishEventSchema } from './requests.js';

/**
 * `POST /_emulator/events` (the emulator's own, not the service's): selects every live webhook whose
 * `event_type` and filter match the event, and delivers it to each, with the webhook's faults and
 * the publish's own (`faults`) on top.
 */
export function publishEvent(context: ManagementContext, body: unknown): RouteAnswer {
  const parsed = publishEventSchema.safeParse(body);
  if (!parsed.success) return { status: 400, body: { status: false, message: firstIssue(parsed.error) } };
  const { eventName } = parsed.data;
  // A fresh sample each time: the same `id` twice would be dropped by a receiver's dedupe.
  const data = parsed.data.data ?? freshSample(eventName);
  const valid = eventPayloadSchemas[eventName].safeParse(data);
  if (!valid.success) return { status: 400, body: { status: false, message: `data: ${firstIssue(valid.error)}` } };

  const matched = context.webhooks.list().filter((webhook) => webhook.filterConfig.event_type === eventName && webhook.matches(data));
  const faults = (webhook: { readonly id: string }) => mergeFaults(context.webhooks.faults(webhook.id), parsed.data.faults);
  const message = { eventName, body: JSON.stringify(context.options.bodyForm === 'flat' ? data : { eventName, data }) };
  const deliveries = matched.map((webhook) => context.dispatcher.deliver(airstackTarget(webhook), message, faults(webhook)));
  return { status: 202, body: { status: true, eventName, matched: matched.map((webhook) => webhook.id), deliveries } };
}

/** `GET /_emulator/deliveries[?webhook_id=…]`: the delivery log, every attempt, oldest first. */
export function listDeliveries(context: ManagementContext, webhookId: string | undefined): RouteAnswer {
  return { status: 200, body: { deliveries: context.dispatcher.log.list(webhookId) } };
}

/** `GET /_emulator/webhooks`: the live webhooks, without their header values. */
export function listWebhooks(context: ManagementContext): RouteAnswer {
  const webhooks = context.webhooks.list().map((webhook) => ({
    webhook_id: webhook.id,
    endpoint: webhook.endpoint,
    filter_config: webhook.filterConfig,
    created_at: webhook.createdAt,
    faults: context.webhooks.faults(webhook.id) ?? {},
  }));
  return { status: 200, body: { webhooks } };
}

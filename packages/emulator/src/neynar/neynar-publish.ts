import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { NEYNAR_EVENT_NAMES, neynarSchemas, type NeynarEventName } from '@social-webhooks/core';
import { neynarSampleBody } from '@social-webhooks/core/samples';
import type { ManagementContext, RouteAnswer } from '../api/management-routes.js';
import { firstIssue } from '../api/requests.js';
import { faultsSchema, mergeFaults } from '../delivery/faults.js';
import { neynarTarget } from './neynar-target.js';

/**
 * `POST /_emulator/neynar/events`: a Neynar event to publish; `data` defaults to the core's sample
 * of the type (a cast with a fresh hash); `created_at` (unix seconds) defaults to now.
 */
export const neynarPublishSchema = z.object({
  type: z.enum(NEYNAR_EVENT_NAMES, { error: `type must be one of ${NEYNAR_EVENT_NAMES.join(', ')}` }),
  data: z.record(z.string(), z.unknown()).optional(),
  created_at: z.number().int().min(0).optional(),
  faults: faultsSchema.optional(),
});

/** The sample data of a type; a cast gets a fresh hash, so two publishes are two casts. */
function freshSample(type: NeynarEventName): Record<string, unknown> {
  const data = neynarSampleBody(type).data as unknown as Record<string, unknown>;
  if (type !== 'cast.created' && type !== 'cast.deleted') return data;
  const hash = `0x${randomBytes(20).toString('hex')}`;
  return { ...data, hash, ...(data['thread_hash'] === data['hash'] && { thread_hash: hash }) };
}

/**
 * The body Neynar POSTs (docs.neynar.com "How to use Neynar webhooks"; the SDK's `Webhook*` types):
 * `{ created_at, type, data }`, and for user events the top-level `event_timestamp` the SDK's
 * `WebhookUserCreated` and `WebhookUserUpdated` carry.
 */
export function neynarBody(type: NeynarEventName, data: unknown, createdAt: number): string {
  const user = type === 'user.created' || type === 'user.updated';
  return JSON.stringify({ created_at: createdAt, type, data, ...(user && { event_timestamp: new Date(createdAt * 1000).toISOString() }) });
}

/**
 * Publishes a Neynar event: every active Neynar webhook whose subscription names the type and whose
 * filters pass it (`@social-webhooks/filter`, as Neynar documents the evaluation) gets a delivery,
 * signed at each attempt with its newest live secret, with its faults and the publish's on top.
 */
export function publishNeynarEvent(context: ManagementContext, body: unknown): RouteAnswer {
  const parsed = neynarPublishSchema.safeParse(body);
  if (!parsed.success) return { status: 400, body: { status: false, message: firstIssue(parsed.error) } };
  const { type } = parsed.data;
  const data = parsed.data.data ?? freshSample(type);
  const valid = neynarSchemas().byEvent[type].safeParse(data);
  if (!valid.success) return { status: 400, body: { status: false, message: `data: ${firstIssue(valid.error)}` } };

  const text = neynarBody(type, data, parsed.data.created_at ?? Math.floor(Date.now() / 1000));
  const matched = context.neynar.list().filter((entry) => entry.webhook.active && entry.matches(type, data));
  const deliveries = matched.map((entry) =>
    context.dispatcher.deliver(
      neynarTarget(context.neynar, entry),
      { eventName: type, body: text, sender: 'neynar' },
      mergeFaults(context.neynar.faults(entry.id), parsed.data.faults),
    ),
  );
  return { status: 202, body: { status: true, type, matched: matched.map((entry) => entry.id), deliveries } };
}

import { z } from 'zod';
import { checkNeynarSubscription, formatPath, type NeynarSubscription } from '@social-webhooks/filter';
import { neynarError } from './neynar-answers.js';
import type { RouteAnswer } from '../api/management-routes.js';

const webhookId = z.string({ error: 'webhook_id must be the id of one of your webhooks' }).min(1, 'webhook_id must not be empty');
const name = z.string({ error: 'name must be a string' }).trim().min(1, 'name must not be empty');
const url = z.url({ protocol: /^https?$/, error: 'url must be an http or https URL' });

// The SDK's request models (`WebhookPostReqBody`, `WebhookPutReqBody`, `WebhookPatchReqBody`,
// `WebhookDeleteReqBody`); `subscription` is checked on its own, to report every problem.
const bodies = {
  create: z.object({ name, url, subscription: z.unknown().optional() }),
  update: z.object({ name, url, webhook_id: webhookId, subscription: z.unknown().optional() }),
  // A string, as the OpenAPI enum and the SDK (`active: "false"`) send it.
  active: z.object({ webhook_id: webhookId, active: z.enum(['true', 'false'], { error: 'active must be the string "true" or "false"' }) }),
  remove: z.object({ webhook_id: webhookId }),
};

type Bodies = { readonly [K in keyof typeof bodies]: z.output<(typeof bodies)[K]> };

/** A request body parsed, or the 400 answer that says what is wrong, in Neynar's shape. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly answer: RouteAnswer };

/** Parses one of the management API's request bodies. */
export function parseNeynarBody<K extends keyof typeof bodies>(kind: K, body: unknown): Parsed<Bodies[K]> {
  const parsed = bodies[kind].safeParse(body ?? {});
  if (parsed.success) return { ok: true, value: parsed.data as Bodies[K] };
  const issue = parsed.error.issues[0]!;
  const property = issue.path.join('.') || undefined;
  return { ok: false, answer: neynarError('InvalidField', issue.message, property) };
}

/**
 * A subscription checked as Neynar's docs describe it (`@social-webhooks/filter`): every problem in
 * the message, the first one's path as `property` (`subscription."cast.created".text`).
 */
export function parseSubscription(subscription: unknown): Parsed<NeynarSubscription> {
  if (subscription === undefined) return { ok: true, value: {} };
  const { problems } = checkNeynarSubscription(subscription);
  if (problems.length === 0) return { ok: true, value: subscription as NeynarSubscription };
  const message = `Invalid subscription: ${problems.map((item) => item.message).join('; ')}`;
  return { ok: false, answer: neynarError('InvalidField', message, formatPath(['subscription', ...problems[0]!.path])) };
}

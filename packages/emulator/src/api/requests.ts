import { z } from 'zod';
import { EVENT_NAMES } from '@social-webhooks/core';
import type { Filter } from '@social-webhooks/filter';
import { faultsSchema } from '../delivery/faults.js';

const jsonObject = z.record(z.string(), z.unknown());
// Request bodies come from JSON.parse, so every value in them is a JSON value.
const filterObject = jsonObject.transform((value) => value as Filter);

/** A filter configuration as the service takes it (docs/contract.md §Management API). */
export const filterConfigSchema = z.object({
  event_type: z.enum(EVENT_NAMES),
  filter: filterObject.optional(),
  payload: jsonObject.optional(),
});

/** `POST /api/v1/webhooks`. */
export const createWebhookSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'endpoint must be an http or https URL' }),
  filter_config: filterConfigSchema,
});

/**
 * `POST /_emulator/events`: an event to publish; `data` defaults to the documented sample (with a
 * fresh `id`); `faults` apply to this publish's deliveries, over the webhook's own.
 */
export const publishEventSchema = z.object({
  eventName: z.enum(EVENT_NAMES),
  data: jsonObject.optional(),
  faults: faultsSchema.optional(),
});

/** `POST /_emulator/deliveries/replay`: replays every failed delivery, optionally of one webhook. */
export const replayFailedSchema = z
  .strictObject({ webhook_id: z.string().min(1).optional() })
  .optional()
  .transform((value) => value ?? {});

/** A short, human message for the first problem zod found. */
export function firstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'Invalid request';
  const path = issue.path.join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

import { randomBytes } from 'node:crypto';
import type { EventName } from '@social-webhooks/core';
import { sampleEvent } from '@social-webhooks/core/samples';

/**
 * The documented sample payload of an event type with a fresh `id` (64 hex digits, the shape of the
 * service's ids), so two publishes of the sample are two events, not one event twice.
 */
export function freshSample(eventName: EventName): Record<string, unknown> {
  return { ...(sampleEvent(eventName).data as Record<string, unknown>), id: randomBytes(32).toString('hex') };
}

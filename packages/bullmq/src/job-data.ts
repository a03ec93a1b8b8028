import type { ReplayMark } from '@social-webhooks/core';

/**
 * What a queued delivery carries: the typed event as the receiver validated it (its name, its data
 * and the sender's own fields beside them), whose receiver queued it, the trace context of the
 * delivery (so the job's span can link to it), and when the delivery arrived. Plain JSON, as BullMQ
 * stores job data.
 */
export interface WebhookJobData {
  /** The event name, e.g. `follow.created`; also the job's name. */
  readonly eventName: string;
  /** The validated payload. */
  readonly data: Readonly<Record<string, unknown>>;
  /**
   * The event's other fields, handed to the worker's handler as the receiver's would get them
   * (Neynar's `createdAt`); absent when the event has none.
   */
  readonly extra?: Readonly<Record<string, unknown>>;
  /** The sender (`airstack`, `neynar`, …); absent in jobs written before jobs named it: the founding service. */
  readonly sender?: string;
  /** Trace context of the delivery (W3C `traceparent`, …); empty without instrumentation. */
  readonly carrier: Readonly<Record<string, string>>;
  /** When the delivery arrived, in ms since the epoch. */
  readonly receivedAt: number;
  /** Set when a replay queued it (`replay()` of the core): which archived delivery, and when; the worker marks the event with it (`replayOf(event)`). */
  readonly replay?: ReplayMark;
}

/** The sender of a job that names none: jobs were the founding service's alone until they named it. */
export const FOUNDING_SENDER = 'airstack';

/** Whether a job's data has the shape the hand-off writes; a job added by other code may not. */
export function isWebhookJobData(value: unknown): value is WebhookJobData {
  if (typeof value !== 'object' || value === null) return false;
  const { eventName, data, extra, sender, carrier, receivedAt, replay } = value as Partial<Record<keyof WebhookJobData, unknown>>;
  return (
    typeof eventName === 'string' &&
    eventName !== '' &&
    isObject(data) &&
    (extra === undefined || isObject(extra)) &&
    (sender === undefined || (typeof sender === 'string' && sender !== '')) &&
    (carrier === undefined || (typeof carrier === 'object' && carrier !== null)) &&
    (receivedAt === undefined || typeof receivedAt === 'number') &&
    (replay === undefined || (isObject(replay) && typeof replay['of'] === 'string'))
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The job id of a delivery key. BullMQ refuses custom ids that contain `:` or that are integers,
 * and delivery keys contain `:` (`follow.created:id:…`); percent-encoding `%` and `:` keeps the
 * mapping one-to-one, so two keys never share a job id.
 */
export function toJobId(key: string): string {
  return key.replaceAll('%', '%25').replaceAll(':', '%3A');
}

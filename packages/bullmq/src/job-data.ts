/**
 * What a queued delivery carries: the typed event as the receiver validated it, the trace context
 * of the delivery (so the job's span can link to it), and when the delivery arrived. Plain JSON,
 * as BullMQ stores job data.
 */
export interface WebhookJobData {
  /** The event name, e.g. `follow.created`; also the job's name. */
  readonly eventName: string;
  /** The validated payload. */
  readonly data: Readonly<Record<string, unknown>>;
  /** Trace context of the delivery (W3C `traceparent`, …); empty without instrumentation. */
  readonly carrier: Readonly<Record<string, string>>;
  /** When the delivery arrived, in ms since the epoch. */
  readonly receivedAt: number;
}

/** Whether a job's data has the shape the hand-off writes; a job added by other code may not. */
export function isWebhookJobData(value: unknown): value is WebhookJobData {
  if (typeof value !== 'object' || value === null) return false;
  const { eventName, data, carrier, receivedAt } = value as Partial<Record<keyof WebhookJobData, unknown>>;
  return (
    typeof eventName === 'string' &&
    eventName !== '' &&
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    (carrier === undefined || (typeof carrier === 'object' && carrier !== null)) &&
    (receivedAt === undefined || typeof receivedAt === 'number')
  );
}

/**
 * The job id of a delivery key. BullMQ refuses custom ids that contain `:` or that are integers,
 * and delivery keys contain `:` (`follow.created:id:…`); percent-encoding `%` and `:` keeps the
 * mapping one-to-one, so two keys never share a job id.
 */
export function toJobId(key: string): string {
  return key.replaceAll('%', '%25').replaceAll(':', '%3A');
}

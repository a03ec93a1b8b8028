// Where a broadcast's record lives in Redis, beside BullMQ's keys (broadcast-record.ts says what each holds).

/** The record's keys: `live` holds the batch jobs whose request may be on the wire (cancel-flag.ts). */
export type RecordPart = 'meta' | 'batches' | 'jobs' | 'stopped' | 'live';

export function recordKey(base: string, id: string, part: RecordPart): string {
  return `${base}${id}:${part}`;
}

/** The record's key prefix for a queue. */
export function recordBase(queueName: string): string {
  return `social-webhooks:broadcast:${queueName}:`;
}

import type { EventName } from '@social-webhooks/core';

/** One attempt of a delivery, as the log shows it. */
export interface AttemptRecord {
  readonly attempt: number;
  readonly at: string;
  readonly status?: number;
  readonly error?: string;
  readonly latencyMs: number;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'cancelled';

/** One event delivered (or being delivered) to one webhook. */
export interface DeliveryRecord {
  readonly deliveryId: string;
  readonly webhookId: string;
  readonly eventName: EventName;
  readonly endpoint: string;
  state: DeliveryState;
  readonly attempts: AttemptRecord[];
}

/** The delivery log: the newest `limit` deliveries, oldest dropped first. */
export class DeliveryLog {
  readonly #records = new Map<string, DeliveryRecord>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  add(record: DeliveryRecord): void {
    this.#records.set(record.deliveryId, record);
    if (this.#records.size > this.#limit) {
      const oldest = this.#records.keys().next().value;
      if (oldest !== undefined) this.#records.delete(oldest);
    }
  }

  /** Copies of the records, oldest first, optionally of one webhook. */
  list(webhookId?: string): DeliveryRecord[] {
    const records = [...this.#records.values()].filter((record) => webhookId === undefined || record.webhookId === webhookId);
    return records.map((record) => ({ ...record, attempts: [...record.attempts] }));
  }
}

import type { EventName, NeynarEventName } from '@social-webhooks/core';
import type { Faults } from './faults.js';

/** The request one attempt sent; the delivery header's value is masked. */
export interface SentRequest {
  readonly method: 'POST';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** What the receiver answered; `body` is cut at the emulator's `maxAnswerBytes`. */
export interface ReceivedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The whole body's size in bytes, before truncation. */
  readonly bodyBytes: number;
  readonly truncated: boolean;
}

/** Why an attempt was made: the first one, a retry, a duplicate (fault) or a replay. */
export type AttemptKind = 'first' | 'retry' | 'duplicate' | 'replay';

/** One attempt of a delivery, as the log shows it. */
export interface AttemptRecord {
  readonly attempt: number;
  readonly kind: AttemptKind;
  readonly at: string;
  /** The receiver's status; absent when there was no answer (see `error`). */
  readonly status?: number;
  /** Why there was no answer: a connection error code, the time-out, or a fault. */
  readonly error?: string;
  readonly latencyMs: number;
  readonly request: SentRequest;
  readonly response?: ReceivedAnswer;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'cancelled';

/** An event's name: one of the founding service's, or of Neynar's (`sender: 'neynar'`). */
export type DeliveryEventName = EventName | NeynarEventName;

/** One event delivered (or being delivered) to one webhook. */
export interface DeliveryRecord {
  /** Also sent as the `x-convoy-idempotency-key` header, the same on every retry and replay. */
  readonly deliveryId: string;
  readonly webhookId: string;
  /** `neynar` for a delivery to a Neynar webhook; absent for the founding service's. */
  readonly sender?: 'neynar';
  readonly eventName: DeliveryEventName;
  readonly endpoint: string;
  readonly createdAt: string;
  /** The body sent, the same on every attempt. */
  readonly body: string;
  /** The faults in force, if any. */
  readonly faults?: Faults;
  state: DeliveryState;
  readonly attempts: AttemptRecord[];
}

/** Called with a copy of a record each time it is added or changes. */
export type DeliveryListener = (record: DeliveryRecord) => void;

/** The delivery log: the newest `limit` deliveries, oldest dropped first. */
export class DeliveryLog {
  readonly #records = new Map<string, DeliveryRecord>();
  readonly #listeners = new Set<DeliveryListener>();
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
    this.changed(record);
  }

  /** Tells the listeners that `record` changed (a new attempt, a new state). */
  changed(record: DeliveryRecord): void {
    if (this.#listeners.size === 0) return;
    const copy = copyRecord(record);
    for (const listener of this.#listeners) listener(copy);
  }

  /** Subscribes to changes; answers the function that unsubscribes. */
  subscribe(listener: DeliveryListener): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** The live record (not a copy), for the dispatcher. */
  record(deliveryId: string): DeliveryRecord | undefined {
    return this.#records.get(deliveryId);
  }

  /** A copy of one record. */
  get(deliveryId: string): DeliveryRecord | undefined {
    const record = this.#records.get(deliveryId);
    return record === undefined ? undefined : copyRecord(record);
  }

  /** Copies of the records, oldest first, optionally of one webhook. */
  list(webhookId?: string): DeliveryRecord[] {
    const records = [...this.#records.values()].filter((record) => webhookId === undefined || record.webhookId === webhookId);
    return records.map(copyRecord);
  }
}

function copyRecord(record: DeliveryRecord): DeliveryRecord {
  return { ...record, attempts: [...record.attempts] };
}

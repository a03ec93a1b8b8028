import { randomUUID } from 'node:crypto';
import type { MiniAppEventName } from '@social-webhooks/core';
import type { AttemptRecord, DeliveryState } from '../delivery/delivery-log.js';
import { sendAttempt } from '../delivery/send-attempt.js';
import { EmulatorError } from '../emulator-error.js';
import type { ResolvedEmulatorOptions } from '../options.js';

/** One Mini App event sent (or being sent) to a Mini App's `webhookUrl`, with every attempt. */
export interface MiniAppDeliveryRecord {
  readonly deliveryId: string;
  readonly eventName: MiniAppEventName;
  /** The Mini App's `webhookUrl`. */
  readonly endpoint: string;
  /** The user, the client's FID and the app key that signed the body. */
  readonly fid: number;
  readonly appFid: number;
  readonly appKey: string;
  readonly createdAt: string;
  /** The body sent, a JSON Farcaster Signature, the same bytes on every attempt. */
  readonly body: string;
  state: DeliveryState;
  readonly attempts: AttemptRecord[];
}

/** What {@link MiniAppDeliveries.deliver} takes: the record's fields that are not the log's own. */
export type MiniAppDeliveryInit = Pick<MiniAppDeliveryRecord, 'eventName' | 'endpoint' | 'fid' | 'appFid' | 'appKey' | 'body'>;

// The JSON Farcaster Signature is in the body: no header proves anything, and none names a delivery id.
const HEADERS = { 'content-type': 'application/json', accept: 'application/json' } as const;

/**
 * The Mini App deliveries and their log: any 2xx is success; another status, a refused connection or
 * no answer within `retry.timeoutMs` is tried again after `retry.baseDelayMs`, doubled each time, up
 * to `retry.attempts` attempts, as the emulator's other deliveries are. Whether Farcaster clients
 * retry is not documented; the emulator does, so a receiver's 503 (a key lookup that failed) can be
 * rehearsed. The log keeps the newest `logLimit` records.
 */
export class MiniAppDeliveries {
  readonly #options: ResolvedEmulatorOptions;
  readonly #records = new Map<string, MiniAppDeliveryRecord>();
  readonly #pending = new Map<string, { readonly abort: AbortController; timer?: ReturnType<typeof setTimeout> }>();
  readonly #listeners = new Set<(record: MiniAppDeliveryRecord) => void>();

  constructor(options: ResolvedEmulatorOptions) {
    this.#options = options;
  }

  /** Starts delivering; answers the delivery id at once. */
  deliver(init: MiniAppDeliveryInit): string {
    const record: MiniAppDeliveryRecord = {
      ...init,
      deliveryId: randomUUID(),
      createdAt: new Date().toISOString(),
      state: 'pending',
      attempts: [],
    };
    this.#records.set(record.deliveryId, record);
    if (this.#records.size > this.#options.logLimit) this.#records.delete(this.#records.keys().next().value!);
    this.#pending.set(record.deliveryId, { abort: new AbortController() });
    this.#changed(record);
    void this.#attempt(record);
    return record.deliveryId;
  }

  /** Copies of the records, oldest first. */
  list(): MiniAppDeliveryRecord[] {
    return [...this.#records.values()].map(copy);
  }

  /** A copy of one record, or `undefined`. */
  get(deliveryId: string): MiniAppDeliveryRecord | undefined {
    const record = this.#records.get(deliveryId);
    return record === undefined ? undefined : copy(record);
  }

  /** Resolves with the delivery once it has settled. @throws {EmulatorError} `unknown_delivery`, `wait_timeout`. */
  wait(deliveryId: string, timeoutMs = 10_000): Promise<MiniAppDeliveryRecord> {
    const record = this.get(deliveryId);
    if (record === undefined) throw new EmulatorError('unknown_delivery', `no Mini App delivery ${JSON.stringify(deliveryId)} in the log.`);
    if (record.state !== 'pending') return Promise.resolve(record);
    return new Promise((resolve, reject) => {
      const listener = (changed: MiniAppDeliveryRecord) => {
        if (changed.deliveryId !== deliveryId || changed.state === 'pending') return;
        clearTimeout(timer);
        this.#listeners.delete(listener);
        resolve(changed);
      };
      const timer = setTimeout(() => {
        this.#listeners.delete(listener);
        reject(
          new EmulatorError(
            'wait_timeout',
            `Mini App delivery ${deliveryId} did not settle within ${timeoutMs} ms; check that its webhookUrl answers.`,
          ),
        );
      }, timeoutMs);
      this.#listeners.add(listener);
    });
  }

  /** Calls `listener` with a copy of each record added or changed; answers how to stop. */
  subscribe(listener: (record: MiniAppDeliveryRecord) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** Cancels every pending delivery, for shutdown. */
  cancelAll(): void {
    for (const [deliveryId, pending] of this.#pending) {
      pending.abort.abort();
      if (pending.timer !== undefined) clearTimeout(pending.timer);
      this.#pending.delete(deliveryId);
      const record = this.#records.get(deliveryId);
      if (record !== undefined) this.#settle(record, 'cancelled');
    }
  }

  async #attempt(record: MiniAppDeliveryRecord): Promise<void> {
    const pending = this.#pending.get(record.deliveryId);
    if (pending === undefined) return;
    const { retry, maxAnswerBytes } = this.#options;
    const at = new Date().toISOString();
    const outcome = await sendAttempt({
      url: record.endpoint,
      headers: HEADERS,
      body: record.body,
      timeoutMs: retry.timeoutMs,
      signal: pending.abort.signal,
      maxAnswerBytes,
    });
    if (record.state !== 'pending') return; // cancelled while in flight
    const kind = record.attempts.length === 0 ? 'first' : 'retry';
    const request = { method: 'POST' as const, url: record.endpoint, headers: { ...HEADERS }, body: record.body };
    record.attempts.push({ attempt: record.attempts.length + 1, kind, at, ...outcome, request });
    if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) return this.#settle(record, 'delivered');
    if (record.attempts.length >= retry.attempts) return this.#settle(record, 'failed');
    this.#changed(record);
    pending.timer = setTimeout(() => void this.#attempt(record), retry.baseDelayMs * 2 ** (record.attempts.length - 1));
  }

  #settle(record: MiniAppDeliveryRecord, state: Exclude<DeliveryState, 'pending'>): void {
    this.#pending.delete(record.deliveryId);
    record.state = state;
    this.#changed(record);
  }

  #changed(record: MiniAppDeliveryRecord): void {
    for (const listener of [...this.#listeners]) listener(copy(record));
  }
}

function copy(record: MiniAppDeliveryRecord): MiniAppDeliveryRecord {
  return { ...record, attempts: [...record.attempts] };
}

import { randomUUID } from 'node:crypto';
import { EmulatorError } from '../emulator-error.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { DeliveryLog, type AttemptKind, type DeliveryRecord, type DeliveryEventName } from './delivery-log.js';
import type { DeliveryTarget } from './delivery-target.js';
import { compactFaults, disconnectCount, OUT_OF_ORDER_HOLD_MS, type Faults } from './faults.js';
import { maskHeaders } from './mask-headers.js';
import { sendAttempt } from './send-attempt.js';

/**
 * The header that carries the delivery id, the same on every retry and replay of one event, as the
 * service's gateway (Convoy) stamps it (docs: "Delivery semantics").
 */
export const DELIVERY_ID_HEADER = 'x-convoy-idempotency-key';

interface Pending {
  readonly record: DeliveryRecord;
  readonly target: DeliveryTarget;
  readonly faults: Faults;
  readonly abort: AbortController;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Attempts made in this round (the first delivery or one replay), duplicates not counted. */
  round: number;
  nextKind: AttemptKind;
  cutsLeft: number;
  duplicated: boolean;
}

/** What to deliver: the event's name for the log, the body's exact text, and the sender when not the founding service. */
export interface OutgoingMessage {
  readonly eventName: DeliveryEventName;
  readonly body: string;
  readonly sender?: 'neynar';
}

/**
 * Delivers events like the service's gateway: any 2xx is success; any other status, a refused
 * connection or no answer within the timeout is retried with exponential backoff. Each delivery
 * runs on its own, so a slow endpoint never delays another's. Faults are applied on top.
 */
export class Dispatcher {
  readonly log: DeliveryLog;
  readonly #options: ResolvedEmulatorOptions;
  readonly #pending = new Map<string, Pending>();
  /** Per endpoint, the delivery the `outOfOrder` fault holds back until the next one is sent. */
  readonly #held = new Map<string, Pending>();
  readonly #idleWaiters = new Set<() => void>();

  constructor(options: ResolvedEmulatorOptions) {
    this.#options = options;
    this.log = new DeliveryLog(options.logLimit);
  }

  /** Starts delivering `message` to `target`; returns the delivery id at once. */
  deliver(target: DeliveryTarget, message: OutgoingMessage, faults: Faults = {}): string {
    const shown = compactFaults(faults);
    const record: DeliveryRecord = {
      deliveryId: randomUUID(),
      webhookId: target.id,
      ...(message.sender !== undefined && { sender: message.sender }),
      eventName: message.eventName,
      endpoint: target.endpoint,
      createdAt: new Date().toISOString(),
      body: message.body,
      ...(shown !== undefined && { faults: shown }),
      state: 'pending',
      attempts: [],
    };
    this.log.add(record);
    this.#start(record, target, faults, 'first');
    return record.deliveryId;
  }

  /**
   * Delivers a logged delivery again, as it was: same body, same delivery id, a new round of
   * attempts with retries, appended to the same record.
   * @throws {EmulatorError} `unknown_delivery`, `webhook_deleted`, `delivery_pending`.
   */
  replay(deliveryId: string, target: DeliveryTarget | undefined): DeliveryRecord {
    const record = this.log.record(deliveryId);
    if (record === undefined)
      throw new EmulatorError(
        'unknown_delivery',
        `no delivery ${JSON.stringify(deliveryId)} in the log; list them with GET /_emulator/deliveries.`,
      );
    if (target === undefined)
      throw new EmulatorError(
        'webhook_deleted',
        `the webhook ${record.webhookId} of delivery ${deliveryId} was deleted, so there is nowhere to replay it; create a webhook and publish again.`,
      );
    if (record.state === 'pending')
      throw new EmulatorError(
        'delivery_pending',
        `delivery ${deliveryId} is still being delivered; wait until it is delivered or failed, then replay it.`,
      );
    record.state = 'pending';
    this.log.changed(record);
    this.#start(record, target, {}, 'replay');
    return record;
  }

  /** Cancels every pending delivery of a webhook (it was deleted). */
  cancelWebhook(webhookId: string): void {
    for (const pending of this.#pending.values()) {
      if (pending.record.webhookId === webhookId) this.#finish(pending, 'cancelled');
    }
  }

  /** Cancels everything, for shutdown. */
  cancelAll(): void {
    for (const pending of this.#pending.values()) this.#finish(pending, 'cancelled');
  }

  /** Resolves once no delivery is pending. */
  idle(): Promise<void> {
    if (this.#pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.add(resolve));
  }

  #start(record: DeliveryRecord, target: DeliveryTarget, faults: Faults, kind: AttemptKind): void {
    const pending: Pending = {
      record,
      target,
      faults,
      abort: new AbortController(),
      timer: undefined,
      round: 0,
      nextKind: kind,
      cutsLeft: disconnectCount(faults),
      duplicated: false,
    };
    this.#pending.set(record.deliveryId, pending);
    const delayMs = faults.delayMs ?? 0;
    if (delayMs > 0) pending.timer = setTimeout(() => this.#inOrder(pending), delayMs);
    else this.#inOrder(pending);
  }

  /**
   * The `outOfOrder` fault: a held delivery goes right after the next one to the same endpoint, of
   * any webhook, since one receiver usually serves several (a follow's `created` and `deleted`).
   */
  #inOrder(pending: Pending): void {
    pending.timer = undefined;
    const endpoint = pending.record.endpoint;
    const held = this.#held.get(endpoint);
    if (held !== undefined) {
      this.#held.delete(endpoint);
      void this.#attempt(pending).then(() => this.#release(held));
      return;
    }
    if (pending.faults.outOfOrder === true && pending.nextKind === 'first') {
      this.#held.set(endpoint, pending);
      pending.timer = setTimeout(() => {
        this.#held.delete(endpoint);
        this.#release(pending);
      }, OUT_OF_ORDER_HOLD_MS);
      return;
    }
    void this.#attempt(pending);
  }

  #release(held: Pending): void {
    if (held.timer !== undefined) clearTimeout(held.timer);
    held.timer = undefined;
    if (held.record.state === 'pending') void this.#attempt(held);
  }

  async #attempt(pending: Pending): Promise<void> {
    pending.timer = undefined;
    const { retry } = this.#options;
    const { record, target } = pending;
    const endpoint = target.endpoint;
    const kind = pending.nextKind;
    const cut = kind !== 'duplicate' && pending.cutsLeft > 0;
    if (cut) pending.cutsLeft -= 1;
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json',
      [DELIVERY_ID_HEADER]: record.deliveryId,
      ...target.authenticate(record.body),
    };
    const at = new Date().toISOString();
    const outcome = await sendAttempt({
      url: endpoint,
      headers,
      body: record.body,
      timeoutMs: retry.timeoutMs,
      signal: pending.abort.signal,
      maxAnswerBytes: this.#options.maxAnswerBytes,
      cutBeforeAnswer: cut,
    });
    if (record.state !== 'pending' || this.#pending.get(record.deliveryId) !== pending) return; // cancelled while in flight
    const request = {
      method: 'POST' as const,
      url: endpoint,
      headers: maskHeaders(headers, target.secretHeader),
      body: record.body,
    };
    record.attempts.push({ attempt: record.attempts.length + 1, kind, at, ...outcome, request });
    this.log.changed(record);
    if (kind === 'duplicate') return this.#finish(pending, 'delivered');
    pending.round += 1;
    if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) {
      if (pending.faults.duplicate !== true || pending.duplicated) return this.#finish(pending, 'delivered');
      pending.duplicated = true;
      pending.nextKind = 'duplicate';
      return this.#attempt(pending);
    }
    if (pending.round >= retry.attempts) return this.#finish(pending, 'failed');
    pending.nextKind = 'retry';
    const delay = retry.baseDelayMs * 2 ** (pending.round - 1);
    pending.timer = setTimeout(() => void this.#attempt(pending), delay);
  }

  #finish(pending: Pending, state: 'delivered' | 'failed' | 'cancelled'): void {
    pending.record.state = state;
    if (pending.timer !== undefined) clearTimeout(pending.timer);
    if (state === 'cancelled') pending.abort.abort();
    if (this.#held.get(pending.record.endpoint) === pending) this.#held.delete(pending.record.endpoint);
    this.#pending.delete(pending.record.deliveryId);
    this.log.changed(pending.record);
    if (this.#pending.size === 0) {
      for (const resolve of this.#idleWaiters) resolve();
      this.#idleWaiters.clear();
    }
  }
}

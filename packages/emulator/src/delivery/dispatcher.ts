import { randomUUID } from 'node:crypto';
import type { EventName } from '@social-webhooks/core';
import type { ResolvedEmulatorOptions } from '../options.js';
import type { Webhook } from '../state/webhooks.js';
import { DeliveryLog, type DeliveryRecord } from './delivery-log.js';
import { sendAttempt } from './send-attempt.js';

interface Pending {
  readonly record: DeliveryRecord;
  readonly abort: AbortController;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Delivers events like the service's gateway: any 2xx is success; any other status, a refused
 * connection or no answer within the timeout is retried with exponential backoff. Each delivery
 * runs on its own, so a slow endpoint never delays another's.
 */
export class Dispatcher {
  readonly log: DeliveryLog;
  readonly #options: ResolvedEmulatorOptions;
  readonly #pending = new Map<string, Pending>();
  readonly #idleWaiters = new Set<() => void>();

  constructor(options: ResolvedEmulatorOptions) {
    this.#options = options;
    this.log = new DeliveryLog(options.logLimit);
  }

  /** Starts delivering `data` to `webhook`; returns the delivery id at once. */
  deliver(webhook: Webhook, eventName: EventName, data: Record<string, unknown>): string {
    const record: DeliveryRecord = { deliveryId: randomUUID(), webhookId: webhook.id, eventName, endpoint: webhook.endpoint, state: 'pending', attempts: [] };
    this.log.add(record);
    const body = JSON.stringify(this.#options.bodyForm === 'flat' ? data : { eventName, data });
    const pending: Pending = { record, abort: new AbortController(), timer: undefined };
    this.#pending.set(record.deliveryId, pending);
    void this.#attempt(pending, webhook, body);
    return record.deliveryId;
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

  async #attempt(pending: Pending, webhook: Webhook, body: string): Promise<void> {
    pending.timer = undefined;
    const { retry } = this.#options;
    const number = pending.record.attempts.length + 1;
    const at = new Date().toISOString();
    const outcome = await sendAttempt({
      url: webhook.endpoint,
      headers: { 'content-type': 'application/json', accept: 'application/json', [webhook.headerName]: webhook.headerValue },
      body,
      timeoutMs: retry.timeoutMs,
      signal: pending.abort.signal,
    });
    if (pending.record.state !== 'pending') return; // cancelled while in flight
    pending.record.attempts.push({ attempt: number, at, ...outcome });
    if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) return this.#finish(pending, 'delivered');
    if (number >= retry.attempts) return this.#finish(pending, 'failed');
    const delay = retry.baseDelayMs * 2 ** (number - 1);
    pending.timer = setTimeout(() => void this.#attempt(pending, webhook, body), delay);
  }

  #finish(pending: Pending, state: 'delivered' | 'failed' | 'cancelled'): void {
    pending.record.state = state;
    if (pending.timer !== undefined) clearTimeout(pending.timer);
    if (state === 'cancelled') pending.abort.abort();
    this.#pending.delete(pending.record.deliveryId);
    if (this.#pending.size === 0) {
      for (const resolve of this.#idleWaiters) resolve();
      this.#idleWaiters.clear();
    }
  }
}

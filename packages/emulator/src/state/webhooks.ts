import type { FilterConfig } from '@social-webhooks/filter';
import type { Faults } from '../delivery/faults.js';

export type { FilterConfig };

/** A live webhook. */
export interface Webhook {
  readonly id: string;
  readonly endpoint: string;
  readonly filterConfig: FilterConfig;
  readonly headerName: string;
  readonly headerValue: string;
  readonly createdAt: string;
  /** The filter, compiled once at creation; true for every payload when there is no filter. */
  readonly matches: (payload: unknown) => boolean;
}

/** The emulator's webhooks of one sender, in memory, with the faults set on each. */
export class WebhookStore<W extends { readonly id: string } = Webhook> {
  readonly #webhooks = new Map<string, W>();
  readonly #faults = new Map<string, Faults>();
  readonly #listeners = new Set<() => void>();

  /** Adds a webhook, or replaces the one with its id (an update). */
  add(webhook: W): void {
    this.#webhooks.set(webhook.id, webhook);
    this.#changed();
  }

  remove(id: string): boolean {
    this.#faults.delete(id);
    const removed = this.#webhooks.delete(id);
    if (removed) this.#changed();
    return removed;
  }

  get(id: string): W | undefined {
    return this.#webhooks.get(id);
  }

  list(): W[] {
    return [...this.#webhooks.values()];
  }

  /** The faults set on a webhook, if any. */
  faults(id: string): Faults | undefined {
    return this.#faults.get(id);
  }

  /** Sets (or, with `undefined`, clears) a webhook's faults. */
  setFaults(id: string, faults: Faults | undefined): void {
    if (faults === undefined) this.#faults.delete(id);
    else this.#faults.set(id, faults);
    this.#changed();
  }

  /** Subscribes to changes (a webhook added or removed, faults set); answers the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }
}

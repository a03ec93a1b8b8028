import type { FilterConfig } from '@social-webhooks/filter';

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

/** The emulator's webhooks, in memory. */
export class WebhookStore {
  readonly #webhooks = new Map<string, Webhook>();

  add(webhook: Webhook): void {
    this.#webhooks.set(webhook.id, webhook);
  }

  remove(id: string): boolean {
    return this.#webhooks.delete(id);
  }

  get(id: string): Webhook | undefined {
    return this.#webhooks.get(id);
  }

  list(): Webhook[] {
    return [...this.#webhooks.values()];
  }
}

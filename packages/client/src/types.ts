import type { z } from 'zod';
import type { EventName, followPayloadSchema, profilePayloadSchema } from '@social-webhooks/core';
import type { ConfigWarning, Filter } from '@social-webhooks/filter';

/** A sample payload of each event type, as the service takes it (ids may be integers, docs/contract.md §Events). */
export interface PayloadInputs {
  'profile.created': z.input<typeof profilePayloadSchema>;
  'profile.updated': z.input<typeof profilePayloadSchema>;
  'follow.created': z.input<typeof followPayloadSchema>;
  'follow.deleted': z.input<typeof followPayloadSchema>;
}

/**
 * A `filter_config` with the service's own field names, so a config copied from the service's docs
 * works as is. A union over event types: `payload` is typed by `event_type`.
 */
export type WebhookFilterConfig<Name extends EventName = EventName> = {
  [N in Name]: {
    /** The one event type the webhook listens to. */
    readonly event_type: N;
    /** Optional: which events to deliver (the filter language, see `@social-webhooks/filter`). */
    readonly filter?: Filter | null | undefined;
    /** A sample payload: required if and only if `filter` is present, and must satisfy it. */
    readonly payload?: PayloadInputs[N] | null | undefined;
  };
}[Name];

/** What `createWebhook` takes. */
export interface CreateWebhookInput {
  /** The receiver's URL: absolute http(s), reachable from the internet. */
  readonly endpoint: string;
  /** The webhook's event type, and optionally its filter and sample payload. */
  readonly filterConfig: WebhookFilterConfig;
}

/** A created webhook. Store `headerValue` as a secret: the service never shows it again. */
export interface CreatedWebhook {
  /** The id to delete it with. */
  readonly webhookId: string;
  /** The delivery header's name, e.g. `x-airstack-webhook`. */
  readonly headerName: string;
  /** The delivery header's value: the receiver's `secret`. */
  readonly headerValue: string;
  /** A link to the service's portal for this webhook, when the service sent one. */
  readonly portalLink: string | undefined;
  /** The service's message, when it sent one. */
  readonly message: string | undefined;
  /**
   * Present when the filter is accepted but cannot work as written on the service's gateway (e.g.
   * a `$` step on an object field, which never matches): fix the filter, or events never arrive.
   */
  readonly filterWarnings?: readonly ConfigWarning[];
}

/** What `deleteWebhook` answers. */
export interface DeletedWebhook {
  readonly webhookId: string;
  readonly message: string | undefined;
}

/** Per-call options of every client method. */
export interface CallOptions {
  /** Aborts the call (the `aborted` error code); the client's `timeoutMs` applies as well. */
  readonly signal?: AbortSignal | undefined;
}

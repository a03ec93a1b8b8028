import type { NeynarSubscription, NeynarSubscriptionMatcher } from '@social-webhooks/filter';

/** One of a webhook's secrets, as Neynar's API renders it (the SDK's `WebhookSecret`). */
export interface NeynarWebhookSecret {
  readonly uid: string;
  readonly value: string;
  /** When it stops signing and verifying; far in the future (`9999-12-31T23:59:59Z`) until a rotation sets it. */
  readonly expires_at: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly deleted_at: string | null;
}

/**
 * A Neynar webhook as the management API answers it (the SDK's `Webhook` model, which a type-level
 * test holds this to): `title` is the `name` it was created with, `target_url` its `url`.
 */
export interface NeynarWebhook {
  readonly object: 'webhook';
  readonly webhook_id: string;
  readonly developer_uuid: string;
  readonly target_url: string;
  readonly title: string;
  readonly secrets: NeynarWebhookSecret[];
  readonly description: string;
  /** The emulator's attempt time-out, e.g. `5s`. */
  readonly http_timeout: string;
  /** Shown as Neynar shows them; the emulator does not rate-limit. */
  readonly rate_limit: number;
  readonly rate_limit_duration: string;
  readonly active: boolean;
  readonly created_at: string;
  readonly updated_at: string;
  readonly deleted_at: string | null;
  readonly subscription: {
    readonly object: 'webhook_subscription';
    readonly subscription_id: string;
    readonly filters: NeynarSubscription;
    readonly created_at: string;
    readonly updated_at: string;
  };
}

/** A live Neynar webhook in the store: its JSON and its subscription, compiled once. */
export interface NeynarEntry {
  readonly id: string;
  readonly webhook: NeynarWebhook;
  readonly matches: NeynarSubscriptionMatcher;
}

/** Never, in a field the SDK types as a string: a secret that no rotation has given an end yet. */
export const NO_EXPIRY = '9999-12-31T23:59:59Z';

/** A timestamp as Neynar's docs show them: ISO 8601 to the second, `2023-11-07T05:31:56Z`. */
export function neynarTime(ms = Date.now()): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

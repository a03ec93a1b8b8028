import type { AnyEvent } from '../schema/types.js';
import type { ReadBody } from '../delivery.js';
import type { ResolvedDedupe } from './resolve-dedupe.js';
import { toHex } from '../hex.js';

// Longer ids are hashed with the body instead: a key is stored per delivery, so it stays short.
const MAX_ID_LENGTH = 256;

/** How a sender's deliveries are keyed: its prefix, and whether the payload's `id` identifies one. */
export interface KeyRule {
  /** Prepended to every key (`neynar:`), so senders sharing a store never collide; empty for the founding service. */
  readonly keyPrefix: string;
  /** Whether the payload's `id` field identifies a delivery across retries. */
  readonly payloadIdKeys: boolean;
  /**
   * Whether identical bodies with no id are one delivery, keyed by the body's SHA-256. Default
   * `true`. `false` for a sender whose identical bodies can be different events (a Mini App event
   * carries no time nor nonce, and its signature is deterministic): such a delivery then has no key,
   * so `dedupe` never collapses it and each hand-off is its own job.
   */
  readonly bodyHashKeys?: boolean;
}

/** The founding service's rule: no prefix, and the payload's `id` keys a delivery. */
export const FOUNDING_KEY_RULE: KeyRule = { keyPrefix: '', payloadIdKeys: true };

/**
 * The key that identifies a delivery across retries, or `undefined` when nothing does (a sender
 * whose rule sets `bodyHashKeys: false`, for a delivery without an id). The first of: `<eventName>:key:<key>` from
 * the `key` option; `<eventName>:header:<id>` from a delivery id header (`deliveryId`, such as
 * Convoy's `X-Convoy-Idempotency-Key`, the same on every retry: docs/contract.md §Delivery semantics);
 * `<eventName>:id:<id>` from the payload's `id` where the sender's `id` identifies a delivery; or
 * `<eventName>:sha256:<hex>` of the body. The event name scopes it, so two event types that share an
 * id never collide, and the sender's prefix comes first (`neynar:cast.created:…`).
 */
export async function deliveryKey(
  dedupe: Pick<ResolvedDedupe, 'key'>,
  event: AnyEvent,
  body: ReadBody,
  deliveryId?: string,
  rule: KeyRule = FOUNDING_KEY_RULE,
): Promise<string | undefined> {
  const scope = rule.keyPrefix + event.eventName;
  const custom = dedupe.key?.(event);
  if (typeof custom === 'string' && custom !== '') return `${scope}:key:${custom}`;
  if (deliveryId !== undefined) return `${scope}:header:${deliveryId}`;
  const id = rule.payloadIdKeys ? (event.data as { readonly id?: unknown }).id : undefined;
  if (typeof id === 'string' && id !== '' && id.length <= MAX_ID_LENGTH) return `${scope}:id:${id}`;
  if (rule.bodyHashKeys === false) return undefined;
  return `${scope}:sha256:${await sha256Hex(bodyBytes(body))}`;
}

// A body a framework parsed first has no bytes left: its re-serialisation stands in. The same
// delivery parses to the same value, so it keys the same way; the handler still gets the value.
function bodyBytes(body: ReadBody): Uint8Array<ArrayBuffer> {
  // Body readers never hand out a SharedArrayBuffer view; the cast saves copying up to maxBodyBytes.
  if (body.kind === 'bytes') return body.bytes as Uint8Array<ArrayBuffer>;
  return new TextEncoder().encode(body.kind === 'text' ? body.text : JSON.stringify(body.value));
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string | undefined> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

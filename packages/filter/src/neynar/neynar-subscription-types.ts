import type { NeynarEventName } from '@social-webhooks/core';
import type { NEYNAR_SUBSCRIPTION_FIELDS, NeynarFilterKind } from './neynar-fields.js';

/** The JSON value each kind of filter takes. */
type FilterValue<K extends NeynarFilterKind> = K extends 'fids'
  ? number[]
  : K extends 'hashes' | 'urls'
    ? string[]
    : K extends 'regex'
      ? string
      : number;

type FieldsOf<N extends NeynarEventName> = (typeof NEYNAR_SUBSCRIPTION_FIELDS)[N];

/**
 * The filters of one event type, e.g. `{ author_fids: [194], text: '(?i)gm' }` for `cast.created`:
 * derived from the field table, so the types and the checks cannot drift apart.
 */
export type NeynarEventFilters<N extends NeynarEventName> = {
  -readonly [F in keyof FieldsOf<N>]?: FieldsOf<N>[F] extends { readonly kind: infer K extends NeynarFilterKind } ? FilterValue<K> : never;
};

/**
 * A Neynar webhook's `subscription`: event types, each with its filters (`{}` for every event of the
 * type). The shape of `@neynar/nodejs-sdk`'s `WebhookSubscriptionFilters`, which a type-level test
 * holds equal to this one.
 * @example
 * const subscription: NeynarSubscription = { 'cast.created': { author_fids: [194], text: '(?i)gm' }, 'follow.created': { target_fids: [3] } };
 */
export type NeynarSubscription = { [N in NeynarEventName]?: NeynarEventFilters<N> };

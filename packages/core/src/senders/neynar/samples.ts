import type { NeynarEventName } from './event-names.js';
import { dehydrated, kenji, marisol, memesCast, reply, tomasz } from './sample-data.js';
import type { NeynarDeliveryBody, NeynarEvent, NeynarEventPayloads, NeynarUser } from './types.js';

interface Sample<Data> {
  /** When Neynar sent it: the body's `created_at`, unix seconds. */
  readonly createdAt: number;
  readonly data: Data;
  /** User events only: the body's top-level `event_timestamp` (the SDK's `WebhookUserCreated`). */
  readonly eventTimestamp?: string;
}

const USDC = { object: 'fungible', address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', decimals: 6, symbol: 'USDC', name: 'USD Coin' };
const DEGEN = { object: 'fungible', address: '0x4ed4e862860bed51a9570b96d89af5e1b0efefed', decimals: 18, symbol: 'DEGEN', name: 'Degen' };

const updatedMarisol: NeynarUser = {
  ...marisol,
  profile: { ...marisol.profile, bio: { text: 'Making small onchain things. Sticker drop #42 is live.', mentioned_channels: [] } },
  follower_count: 1844,
};

// One sample a type, in the order of the afternoon sample-data.ts tells.
const SAMPLES: { readonly [N in NeynarEventName]: Sample<NeynarEventPayloads[N]> } = {
  'user.created': { createdAt: 1749736685, eventTimestamp: '2025-06-12T13:58:04.512Z', data: tomasz },
  'cast.created': { createdAt: 1749737008, data: memesCast },
  'follow.created': {
    createdAt: 1749737111,
    data: {
      object: 'follow',
      user: dehydrated(tomasz),
      target_user: dehydrated(marisol),
      timestamp: '2025-06-12T14:05:10.000Z',
      event_timestamp: '2025-06-12T14:05:10.634Z',
    },
  },
  'reaction.created': {
    createdAt: 1749737163,
    data: {
      object: 'reaction',
      reaction_type: 1,
      cast: { object: 'cast_dehydrated', hash: memesCast.hash, author: dehydrated(marisol) },
      user: dehydrated(kenji),
      timestamp: '2025-06-12T14:06:02.000Z',
      event_timestamp: '2025-06-12T14:06:02.281Z',
    },
  },
  'cast.deleted': { createdAt: 1749737513, data: reply },
  'user.updated': { createdAt: 1749737701, eventTimestamp: '2025-06-12T14:15:00.907Z', data: updatedMarisol },
  'follow.deleted': {
    createdAt: 1749737911,
    data: {
      object: 'unfollow',
      user: dehydrated(tomasz),
      target_user: dehydrated(marisol),
      timestamp: '2025-06-12T14:18:30.000Z',
      event_timestamp: '2025-06-12T14:18:30.148Z',
    },
  },
  'reaction.deleted': {
    createdAt: 1749737946,
    data: {
      object: 'reaction',
      reaction_type: 2,
      cast: { object: 'cast_dehydrated', hash: memesCast.hash, author: dehydrated(marisol) },
      user: dehydrated(kenji),
      timestamp: '2025-06-12T14:19:05.000Z',
      event_timestamp: '2025-06-12T14:19:05.390Z',
    },
  },
  'trade.created': {
    createdAt: 1749738016,
    data: {
      object: 'trade',
      trader: { ...dehydrated(marisol), score: 0.87 },
      pool: { object: 'pool', address: '0x13692904c0bfbeb1faa0b4a87e3b5395d1cee6eb', protocol_family: 'uniswap', protocol_version: 'v3' },
      transaction: {
        hash: '0xd2024b969f53404c5845e1c8c7b9be84017d261e93877b89102e2d8e77ad03a8',
        network: { object: 'network', name: 'base' },
        net_transfer: {
          object: 'net_transfer',
          receiving_fungible: { object: 'fungible_balance', token: DEGEN, balance: { in_usd: 24.91, in_token: '8413.275' } },
          sending_fungible: { object: 'fungible_balance', token: USDC, balance: { in_usd: 25, in_token: '25' } },
        },
      },
    },
  },
};

/**
 * A delivery body of the given type as Neynar POSTs it, `{ created_at, type, data }` (and
 * `event_timestamp` for user events): invented people and casts, shaped as the SDK's types and the
 * docs' example describe them. A fresh copy on every call, so a caller may change it.
 *
 * @param type - The event type.
 * @param createdAt - The body's `created_at`, unix seconds. Default: the sample's own, a few seconds
 *   after its data's `timestamp`.
 * @example
 * const body = JSON.stringify(neynarSampleBody('cast.created', Math.floor(Date.now() / 1000)));
 */
export function neynarSampleBody<N extends NeynarEventName>(type: N, createdAt?: number): NeynarDeliveryBody<N> {
  const sample: Sample<NeynarEventPayloads[N]> = SAMPLES[type];
  const body = { created_at: createdAt ?? sample.createdAt, type, data: structuredClone(sample.data) };
  return (sample.eventTimestamp === undefined ? body : { ...body, event_timestamp: sample.eventTimestamp }) as NeynarDeliveryBody<N>;
}

/**
 * The event a receiver hands a handler for {@link neynarSampleBody}'s body of the same type:
 * `{ eventName, data, createdAt }`, freshly copied.
 *
 * @example
 * neynarSampleEvent('follow.deleted').data.object // 'unfollow'
 */
export function neynarSampleEvent<N extends NeynarEventName>(type: N): NeynarEvent<N> {
  const sample: Sample<NeynarEventPayloads[N]> = SAMPLES[type];
  return { eventName: type, data: structuredClone(sample.data), createdAt: sample.createdAt } as NeynarEvent<N>;
}

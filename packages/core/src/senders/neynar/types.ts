import type * as z from 'zod/mini';
import type { Documented } from '../../schema/documented.js';
import type { NeynarEventName } from './event-names.js';
import type {
  neynarCastDehydratedSchema,
  neynarCastSchema,
  neynarFollowSchema,
  neynarReactionSchema,
  neynarTradeSchema,
  neynarUserDehydratedSchema,
  neynarUserSchema,
} from './schemas.js';

// Each type names the documented fields only, so a misspelled one does not compile. Fields Neynar
// adds stay on the object at run time; read them through `withUnknownFields(event.data)`.

/** A Farcaster user as Neynar renders it in full (`User`): the data of `user.created` and `user.updated`. */
export type NeynarUser = Documented<z.output<typeof neynarUserSchema>>;

/** A user as follows, reactions and trades carry it (`UserDehydrated`): a `fid` and a few names. */
export type NeynarUserDehydrated = Documented<z.output<typeof neynarUserDehydratedSchema>>;

/** A cast (`Cast`): the data of `cast.created` and `cast.deleted`. */
export type NeynarCast = Documented<z.output<typeof neynarCastSchema>>;

/** The cast a reaction is for (`CastDehydrated`): its `hash`, and its author when Neynar includes it. */
export type NeynarCastDehydrated = Documented<z.output<typeof neynarCastDehydratedSchema>>;

/** The data of `follow.created` (`object: "follow"`) and `follow.deleted` (`object: "unfollow"`). */
export type NeynarFollow = Documented<z.output<typeof neynarFollowSchema>>;

/** The data of `reaction.created` and `reaction.deleted`: `reaction_type` 1 is a like, 2 a recast. */
export type NeynarReaction = Documented<z.output<typeof neynarReactionSchema>>;

/** The data of `trade.created`: a swap by a Farcaster user, with its transaction. */
export type NeynarTrade = Documented<z.output<typeof neynarTradeSchema>>;

/** The data type of each Neynar event. */
export interface NeynarEventPayloads {
  'cast.created': NeynarCast;
  'cast.deleted': NeynarCast;
  'user.created': NeynarUser;
  'user.updated': NeynarUser;
  'follow.created': NeynarFollow;
  'follow.deleted': NeynarFollow;
  'reaction.created': NeynarReaction;
  'reaction.deleted': NeynarReaction;
  'trade.created': NeynarTrade;
}

/**
 * A validated Neynar delivery, as a handler receives it. A union over the event names, so
 * `switch (event.eventName)` narrows `data`; `NeynarEvent<'cast.created'>` is the one member.
 * `createdAt` is the body's `created_at`: when Neynar sent the event, in unix seconds; absent when
 * the body has none (the SDK types `trade.created` bodies without it).
 */
export type NeynarEvent<Name extends NeynarEventName = NeynarEventName> = {
  [N in Name]: { readonly eventName: N; readonly data: NeynarEventPayloads[N]; readonly createdAt?: number };
}[Name];

/** Neynar's events by name: the event map a Neynar sender is typed with. */
export type NeynarEvents = { readonly [N in NeynarEventName]: NeynarEvent<N> };

/**
 * The JSON body Neynar POSTs (docs.neynar.com, "How to use Neynar webhooks"; the SDK's
 * `build/types/webhooks.d.ts`): `{ created_at, type, data }`. User events also carry a top-level
 * `event_timestamp` (an ISO date-time).
 */
export type NeynarDeliveryBody<Name extends NeynarEventName = NeynarEventName> = {
  [N in Name]: { created_at: number; type: N; data: NeynarEventPayloads[N]; event_timestamp?: string };
}[Name];

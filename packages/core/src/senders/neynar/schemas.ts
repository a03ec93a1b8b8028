import * as z from 'zod/mini';
import { fieldSchemas } from '../../schema/field-schemas.js';
import { buildCastSchemas } from './cast-schema.js';
import type { NeynarEventName } from './event-names.js';
import { buildTradeSchema } from './trade-schema.js';
import { buildUserSchemas } from './user-schema.js';

function buildSchemas() {
  // The shared field schemas, built first: building them installs zod's English messages.
  const fields = fieldSchemas();
  const { text } = fields;
  const users = buildUserSchemas(fields);
  const { user, userDehydrated } = users;
  const { cast, castDehydrated } = buildCastSchemas(fields, users);
  const trade = buildTradeSchema(fields, users);

  // `follow.deleted` says `"unfollow"` (the SDK's `WebhookFollowDeleted`); both events share the schema.
  const follow = z.looseObject({
    object: z.nullish(z.literal(['follow', 'unfollow'])),
    user: userDehydrated,
    target_user: userDehydrated,
    timestamp: text,
    event_timestamp: text,
  });

  const reaction = z.looseObject({
    object: z.nullish(z.literal('reaction')),
    // Required: without it a reaction says nothing. 1 is a like, 2 a recast: the two reaction types
    // of the Farcaster protocol, and the SDK's `1 | 2`.
    reaction_type: z.literal([1, 2]),
    cast: castDehydrated,
    user: userDehydrated,
    timestamp: text,
    event_timestamp: text,
  });

  const byEvent = {
    'cast.created': cast,
    'cast.deleted': cast,
    'user.created': user,
    'user.updated': user,
    'follow.created': follow,
    'follow.deleted': follow,
    'reaction.created': reaction,
    'reaction.deleted': reaction,
    'trade.created': trade,
  } as const satisfies Record<NeynarEventName, z.ZodMiniType>;

  return { cast, user, follow, reaction, trade, userDehydrated, castDehydrated, byEvent };
}

let built: ReturnType<typeof buildSchemas> | undefined;

/**
 * Neynar's data schemas, built on the first call, as `payloadSchemas()` is (schema/schemas.ts): a
 * Worker should not pay for building schemas on a cold start, and a delivery runs the checks
 * generated from them (schema/generated/neynar-checks.ts) instead. `byEvent` names the schema of
 * each event's `data`. Identity fields are required (a cast's `hash` and `author`, a
 * user's `fid`, a follow's two users, a reaction's type, cast and user, a trade's transaction hash);
 * every other field is optional and may be null; unknown fields are kept.
 *
 * @example
 * const parsed = neynarSchemas().byEvent['cast.created'].safeParse(body.data);
 * if (parsed.success) console.log(parsed.data.author.fid);
 */
export function neynarSchemas(): ReturnType<typeof buildSchemas> {
  return (built ??= buildSchemas());
}

const castSchema = () => neynarSchemas().cast;
const userSchema = () => neynarSchemas().user;
const userDehydratedSchema = () => neynarSchemas().userDehydrated;
const castDehydratedSchema = () => neynarSchemas().castDehydrated;
const followSchema = () => neynarSchemas().follow;
const reactionSchema = () => neynarSchemas().reaction;
const tradeSchema = () => neynarSchemas().trade;

/** The data of `cast.created` and `cast.deleted`: Neynar's `Cast`. */
export const neynarCastSchema = /* @__PURE__ */ castSchema();

/** The data of `user.created` and `user.updated`: Neynar's `User`. */
export const neynarUserSchema = /* @__PURE__ */ userSchema();

/** Neynar's `UserDehydrated`: the users of follows, reactions and trades. */
export const neynarUserDehydratedSchema = /* @__PURE__ */ userDehydratedSchema();

/** Neynar's `CastDehydrated`: the cast a reaction is for. */
export const neynarCastDehydratedSchema = /* @__PURE__ */ castDehydratedSchema();

/** The data of `follow.created` and `follow.deleted`. */
export const neynarFollowSchema = /* @__PURE__ */ followSchema();

/** The data of `reaction.created` and `reaction.deleted`. */
export const neynarReactionSchema = /* @__PURE__ */ reactionSchema();

/** The data of `trade.created`. */
export const neynarTradeSchema = /* @__PURE__ */ tradeSchema();

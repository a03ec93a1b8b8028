import * as z from 'zod/mini';
import type { EventName } from './event-names.js';
import { fieldSchemas } from './field-schemas.js';

function buildSchemas() {
  const { flag, identifier, integer, text } = fieldSchemas();
  const profileImageContentValueSchema = z.looseObject({
    image: z.nullish(
      z.looseObject({
        extraSmall: text,
        small: text,
        medium: text,
        large: text,
        original: text,
      }),
    ),
  });

  const socialCapitalSchema = z.looseObject({
    socialCapitalScore: z.number(),
    socialCapitalRank: integer,
    socialCapitalScoreRaw: text,
  });

  const profilePayloadSchema = z.looseObject({
    id: text,
    eventTimestamp: text,
    blockchain: text,
    dappName: text,
    dappSlug: text,
    userId: identifier,
    userAddress: text,
    userAssociatedAddresses: z.nullish(z.array(z.string())),
    isDefault: flag,
    profileName: text,
    profileTokenId: text,
    profileTokenIdHex: text,
    profileTokenAddress: text,
    profileCreatedAtBlockNumber: integer,
    profileCreatedAtBlockTimestamp: text,
    profileTokenUri: text,
    userRecoveryAddress: text,
    profileMetadata: z.nullish(z.record(z.string(), z.unknown())),
    coverImageURI: text,
    coverImageUri: text,
    twitterUserName: text,
    location: text,
    website: text,
    profileImageContentValue: z.nullish(profileImageContentValueSchema),
    isFarcasterPowerUser: flag,
    followingCount: integer,
    followerCount: integer,
    profileBio: text,
    profileDisplayName: text,
    profileImage: text,
    socialCapital: z.nullish(socialCapitalSchema),
    userCreatedAtBlockNumber: integer,
    userCreatedAtBlockTimestamp: text,
    userLastUpdatedAtBlockNumber: integer,
    userLastUpdatedAtBlockTimestamp: text,
    userHomeURL: text,
  });

  const followPayloadSchema = z.looseObject({
    id: text,
    eventTimestamp: text,
    blockchain: text,
    blockNumber: integer,
    dappName: text,
    dappSlug: text,
    followerProfileId: identifier,
    followingProfileId: identifier,
    followerSince: text,
  });

  const webhookEventSchema = z.discriminatedUnion('eventName', [
    z.object({ eventName: z.literal('profile.created'), data: profilePayloadSchema }),
    z.object({ eventName: z.literal('profile.updated'), data: profilePayloadSchema }),
    z.object({ eventName: z.literal('follow.created'), data: followPayloadSchema }),
    z.object({ eventName: z.literal('follow.deleted'), data: followPayloadSchema }),
  ]);
  return { profileImageContentValueSchema, socialCapitalSchema, profilePayloadSchema, followPayloadSchema, webhookEventSchema };
}

let built: ReturnType<typeof buildSchemas> | undefined;

/**
 * The payload schemas, built on the first call. zod builds a schema with real work (its
 * constructors, checks, registrations): about 3 ms of the 10 ms Node took to import a minimal
 * Worker's bundle. A delivery never builds them: the senders run the checks generated from them
 * (generated/, by scripts/generate-checks.ts). The exports below call this at import; they are
 * marked pure, so a bundle that does not use them drops them, zod with them.
 */
export function payloadSchemas(): ReturnType<typeof buildSchemas> {
  return (built ??= buildSchemas());
}

const profileImageContentValue = () => payloadSchemas().profileImageContentValueSchema;
const socialCapital = () => payloadSchemas().socialCapitalSchema;
const profilePayload = () => payloadSchemas().profilePayloadSchema;
const followPayload = () => payloadSchemas().followPayloadSchema;
const webhookEvent = () => payloadSchemas().webhookEventSchema;

export const profileImageContentValueSchema = /* @__PURE__ */ profileImageContentValue();

export const socialCapitalSchema = /* @__PURE__ */ socialCapital();

/** The payload of `profile.created` and `profile.updated` (docs/contract.md §Events, ProfilePayload). */
export const profilePayloadSchema = /* @__PURE__ */ profilePayload();

/** The payload of `follow.created` and `follow.deleted` (docs/contract.md §Events, FollowPayload). */
export const followPayloadSchema = /* @__PURE__ */ followPayload();

/** The payload schema of each event type. */
export const eventPayloadSchemas = {
  'profile.created': profilePayloadSchema,
  'profile.updated': profilePayloadSchema,
  'follow.created': followPayloadSchema,
  'follow.deleted': followPayloadSchema,
} as const satisfies Record<EventName, z.ZodMiniType>;

/** The envelope form of a delivery: `{ eventName, data }` (docs/contract.md §Body forms). */
export const webhookEventSchema = /* @__PURE__ */ webhookEvent();

import * as z from 'zod/mini';
import type { EventName } from './event-names.js';
import { flag, identifier, integer, text } from './field-schemas.js';

export const profileImageContentValueSchema = z.looseObject({
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

export const socialCapitalSchema = z.looseObject({
  socialCapitalScore: z.number(),
  socialCapitalRank: integer,
  socialCapitalScoreRaw: text,
});

/** The payload of `profile.created` and `profile.updated` (docs/contract.md §Events, ProfilePayload). */
export const profilePayloadSchema = z.looseObject({
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

/** The payload of `follow.created` and `follow.deleted` (docs/contract.md §Events, FollowPayload). */
export const followPayloadSchema = z.looseObject({
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

/** The payload schema of each event type. */
export const eventPayloadSchemas = {
  'profile.created': profilePayloadSchema,
  'profile.updated': profilePayloadSchema,
  'follow.created': followPayloadSchema,
  'follow.deleted': followPayloadSchema,
} as const satisfies Record<EventName, z.ZodMiniType>;

/** The envelope form of a delivery: `{ eventName, data }` (docs/contract.md §Body forms). */
export const webhookEventSchema = z.discriminatedUnion('eventName', [
  z.object({ eventName: z.literal('profile.created'), data: profilePayloadSchema }),
  z.object({ eventName: z.literal('profile.updated'), data: profilePayloadSchema }),
  z.object({ eventName: z.literal('follow.created'), data: followPayloadSchema }),
  z.object({ eventName: z.literal('follow.deleted'), data: followPayloadSchema }),
]);

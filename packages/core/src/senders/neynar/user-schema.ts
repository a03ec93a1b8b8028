import * as z from 'zod/mini';
import type { FieldSchemas } from '../../schema/field-schemas.js';

/** Neynar's user schemas and the small parts its other models share with them. */
export type UserSchemas = ReturnType<typeof buildUserSchemas>;

/**
 * Builds the schemas of Neynar's user models (`@neynar/nodejs-sdk` 3.177.0,
 * `build/api/models/user.d.ts`, `user-dehydrated.d.ts`, `user-profile*.d.ts`). Called once, by
 * `neynarSchemas()` (schemas.ts says why not at import).
 *
 * A user's identity is its `fid`, required in both models; everything else is optional and may be
 * null, and unknown fields are kept (`looseObject`): the SDK marks fields optional and nullable
 * differently from one model to the next, and a delivery is never refused over a display detail.
 */
export function buildUserSchemas({ flag, integer, text }: FieldSchemas) {
  // Farcaster ids are integers below 2^53 (the SDK's `Fid` is a number).
  const fid = z.int();
  const decimal = z.nullish(z.number());
  const strings = z.nullish(z.array(z.string()));
  const textRanges = z.nullish(z.array(z.looseObject({ start: integer, end: integer })));

  /** `UserDehydrated`: who followed, reacted or traded; `object` is `"user_dehydrated"`. */
  const userDehydrated = z.looseObject({
    // A nested model's tag names the rendition Neynar chose (`user`, `user_dehydrated`), not the
    // event: it is read, not checked.
    object: text,
    fid,
    username: text,
    display_name: text,
    pfp_url: text,
    custody_address: text,
    score: decimal,
  });

  /** `ChannelDehydrated`: a channel named in a bio or a cast. */
  const channelDehydrated = z.looseObject({ object: text, id: text, name: text, image_url: text });

  const profile = z.looseObject({
    bio: z.nullish(
      z.looseObject({
        text,
        mentioned_profiles: z.nullish(z.array(userDehydrated)),
        mentioned_profiles_ranges: textRanges,
        mentioned_channels: z.nullish(z.array(channelDehydrated)),
        mentioned_channels_ranges: textRanges,
      }),
    ),
    banner: z.nullish(z.looseObject({ url: text })),
    location: z.nullish(
      z.looseObject({
        latitude: decimal,
        longitude: decimal,
        radius: decimal,
        address: z.nullish(z.looseObject({ city: text, state: text, state_code: text, country: text, country_code: text })),
      }),
    ),
    live_at: z.nullish(z.looseObject({ is_live: flag, updated_at: text, url: text })),
  });

  /** `User`: a cast's author, a mentioned profile, the data of `user.created` and `user.updated`. */
  const user = z.looseObject({
    ...userDehydrated.shape,
    registered_at: text,
    profile: z.nullish(profile),
    follower_count: integer,
    following_count: integer,
    verifications: strings,
    verified_addresses: z.nullish(
      z.looseObject({
        eth_addresses: strings,
        sol_addresses: strings,
        primary: z.nullish(z.looseObject({ eth_address: text, sol_address: text })),
      }),
    ),
    verified_accounts: z.nullish(z.array(z.looseObject({ platform: text, username: text }))),
    auth_addresses: z.nullish(z.array(z.looseObject({ address: text, app: z.nullish(userDehydrated) }))),
    experimental: z.nullish(z.looseObject({ neynar_user_score: decimal, deprecation_notice: text })),
    pro: z.nullish(z.looseObject({ status: text, subscribed_at: text, expires_at: text })),
  });

  return { userDehydrated, user, channelDehydrated, textRanges, decimal };
}

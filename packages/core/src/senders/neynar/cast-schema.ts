import * as z from 'zod/mini';
import type { FieldSchemas } from '../../schema/field-schemas.js';
import type { UserSchemas } from './user-schema.js';

/**
 * Builds the schemas of Neynar's cast models (`@neynar/nodejs-sdk` 3.177.0,
 * `build/api/models/cast.d.ts`, `cast-dehydrated.d.ts`, `cast-embedded.d.ts`, `embed*.d.ts`,
 * `channel*.d.ts`). Called once, by `neynarSchemas()`.
 *
 * A cast's identity is its `hash` and its `author` (a user, so with a `fid`), required; everything
 * else is optional and may be null, and unknown fields are kept.
 */
export function buildCastSchemas({ flag, integer, text }: FieldSchemas, users: UserSchemas) {
  const { user, userDehydrated, channelDehydrated, textRanges, decimal } = users;
  const hash = z.string();
  const castId = z.looseObject({ fid: integer, hash: text });
  const parentAuthor = z.looseObject({ fid: integer });

  /** `CastDehydrated`: the cast a reaction is for; `object` is `"cast_dehydrated"`. */
  const castDehydrated = z.looseObject({ object: text, hash, author: z.nullish(userDehydrated), app: z.nullish(userDehydrated) });

  /** `EmbedUrlMetadata`: what Neynar read at an embedded URL. */
  const metadata = z.looseObject({
    _status: text,
    content_type: text,
    content_length: integer,
    image: z.nullish(z.looseObject({ width_px: integer, height_px: integer })),
    video: z.nullish(z.looseObject({ duration_s: decimal })),
    html: z.nullish(z.looseObject({ ogTitle: text, ogDescription: text, ogSiteName: text, ogUrl: text, favicon: text })),
  });

  /** `CastEmbedded`: a quoted cast, one level deep (its own embeds name URLs and cast ids only). */
  const embeddedCast = z.looseObject({
    ...castDehydrated.shape,
    text,
    timestamp: text,
    parent_hash: text,
    parent_url: text,
    root_parent_url: text,
    parent_author: z.nullish(parentAuthor),
    channel: z.nullish(channelDehydrated),
    embeds: z.nullish(z.array(z.looseObject({ url: text, cast_id: z.nullish(castId), metadata: z.nullish(metadata) }))),
  });

  // The SDK's `Embed` marks both `url` and `cast` required, though an embed is one or the other
  // (`EmbedUrl` or `EmbedCast`): both optional here.
  const embed = z.looseObject({ url: text, metadata: z.nullish(metadata), cast_id: z.nullish(castId), cast: z.nullish(embeddedCast) });

  /** `Channel` or `ChannelDehydrated` (the SDK's `ChannelOrChannelDehydrated`). */
  const channel = z.looseObject({
    ...channelDehydrated.shape,
    url: text,
    parent_url: text,
    description: text,
    // The SDK types it a date-time string; a number (unix seconds) is taken too, since a cast is
    // never refused over its channel's age.
    created_at: z.nullish(z.union([z.string(), z.number()])),
    follower_count: integer,
    member_count: integer,
    lead: z.nullish(user),
    moderator_fids: z.nullish(z.array(z.int())),
    pinned_cast_hash: text,
    external_link: z.nullish(z.looseObject({ title: text, url: text })),
  });

  const reactors = z.nullish(z.array(z.looseObject({ fid: integer, fname: text })));

  /** `Cast`: the data of `cast.created` and `cast.deleted`; `object` is `"cast"`. */
  const cast = z.looseObject({
    object: z.nullish(z.literal('cast')),
    hash,
    author: user,
    app: z.nullish(userDehydrated),
    thread_hash: text,
    parent_hash: text,
    parent_url: text,
    root_parent_url: text,
    parent_author: z.nullish(parentAuthor),
    text,
    timestamp: text,
    embeds: z.nullish(z.array(embed)),
    channel: z.nullish(channel),
    mentioned_profiles: z.nullish(z.array(user)),
    mentioned_profiles_ranges: textRanges,
    mentioned_channels: z.nullish(z.array(channelDehydrated)),
    mentioned_channels_ranges: textRanges,
    reactions: z.nullish(z.looseObject({ likes_count: integer, recasts_count: integer, likes: reactors, recasts: reactors })),
    replies: z.nullish(z.looseObject({ count: integer })),
    author_channel_context: z.nullish(z.looseObject({ following: flag, role: text })),
    // `cast-mention` or `cast-reply` (the SDK's `CastNotificationType`), where the cast is a notification.
    type: text,
  });

  return { cast, castDehydrated };
}

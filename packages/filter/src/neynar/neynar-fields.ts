import type { NeynarEventName } from '@social-webhooks/core';

/**
 * What a subscription filter holds: a list of FIDs, of cast hashes or of URLs; a Go RE2 pattern;
 * a minimum Neynar score (0 to 1); a minimum amount in USD.
 */
export type NeynarFilterKind = 'fids' | 'hashes' | 'urls' | 'regex' | 'score' | 'usd';

/** One filter field: what it holds, and the values of an event's `data` it is tested on. */
export interface NeynarFilterField {
  readonly kind: NeynarFilterKind;
  /** The values of the event it tests; the filter matches when one of them passes. */
  readonly read: (data: unknown) => readonly unknown[];
  /** `exclude_author_fids`: ANDed against the rest, which are ORed (docs: publish-webhook). */
  readonly exclude?: true;
}

type Fields = Readonly<Record<string, NeynarFilterField>>;

/** The value at `path` inside `value`, or `undefined`; reads own properties only. */
function at(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const one = (value: unknown): readonly unknown[] => (value === undefined || value === null ? [] : [value]);

// A user's Neynar score: `score`, or the older `experimental.neynar_user_score` (the SDK's `User`
// and `UserDehydrated` models carry either).
const score = (user: unknown): readonly unknown[] => one(at(user, 'score') ?? at(user, 'experimental', 'neynar_user_score'));

const embeds = (cast: unknown) => list(at(cast, 'embeds'));

// `Cast` in the SDK (`build/api/models/cast.d.ts`); an embed is `{ url }` or `{ cast_id, cast }`.
const CAST = {
  author_fids: { kind: 'fids', read: (cast) => one(at(cast, 'author', 'fid')) },
  exclude_author_fids: { kind: 'fids', read: (cast) => one(at(cast, 'author', 'fid')), exclude: true },
  mentioned_fids: { kind: 'fids', read: (cast) => list(at(cast, 'mentioned_profiles')).map((user) => at(user, 'fid')) },
  parent_urls: { kind: 'urls', read: (cast) => one(at(cast, 'parent_url')) },
  root_parent_urls: { kind: 'urls', read: (cast) => one(at(cast, 'root_parent_url')) },
  parent_hashes: { kind: 'hashes', read: (cast) => one(at(cast, 'parent_hash')) },
  parent_author_fids: { kind: 'fids', read: (cast) => one(at(cast, 'parent_author', 'fid')) },
  text: { kind: 'regex', read: (cast) => one(at(cast, 'text')) },
  embeds: { kind: 'regex', read: (cast) => embeds(cast).map((embed) => at(embed, 'url')) },
  minimum_author_score: { kind: 'score', read: (cast) => score(at(cast, 'author')) },
  embedded_cast_author_fids: {
    kind: 'fids',
    read: (cast) => embeds(cast).flatMap((embed) => [at(embed, 'cast', 'author', 'fid'), at(embed, 'cast_id', 'fid')]),
  },
  embedded_cast_hashes: {
    kind: 'hashes',
    read: (cast) => embeds(cast).flatMap((embed) => [at(embed, 'cast', 'hash'), at(embed, 'cast_id', 'hash')]),
  },
} as const satisfies Fields;

// `{ object: "follow" | "unfollow", user, target_user }`: who follows, and whom.
const FOLLOW = {
  fids: { kind: 'fids', read: (follow) => one(at(follow, 'user', 'fid')) },
  target_fids: { kind: 'fids', read: (follow) => one(at(follow, 'target_user', 'fid')) },
} as const satisfies Fields;

// `{ reaction_type, cast: CastDehydrated, user }`: who reacted, to whose cast, to which cast.
const REACTION = {
  fids: { kind: 'fids', read: (reaction) => one(at(reaction, 'user', 'fid')) },
  target_fids: { kind: 'fids', read: (reaction) => one(at(reaction, 'cast', 'author', 'fid')) },
  target_cast_hashes: { kind: 'hashes', read: (reaction) => one(at(reaction, 'cast', 'hash')) },
} as const satisfies Fields;

// `{ trader, transaction: { net_transfer: { receiving_fungible, sending_fungible } } }`. The
// amount is in USD on either side of the swap; the docs do not say which side counts, so either does.
const TRADE = {
  fids: { kind: 'fids', read: (trade) => one(at(trade, 'trader', 'fid')) },
  minimum_trader_neynar_score: { kind: 'score', read: (trade) => score(at(trade, 'trader')) },
  minimum_token_amount_usdc: {
    kind: 'usd',
    read: (trade) =>
      ['receiving_fungible', 'sending_fungible'].flatMap((side) =>
        one(at(trade, 'transaction', 'net_transfer', side, 'balance', 'in_usd')),
      ),
  },
} as const satisfies Fields;

/**
 * The filter fields of each event type, as Neynar documents them (docs.neynar.com "publish-webhook";
 * `@neynar/nodejs-sdk` `WebhookSubscriptionFilters*`; a type-level test in `test/` holds the two
 * lists equal). `user.created` takes no filter.
 */
export const NEYNAR_SUBSCRIPTION_FIELDS = {
  'cast.created': CAST,
  'cast.deleted': CAST,
  'user.created': {},
  'user.updated': { fids: { kind: 'fids', read: (user) => one(at(user, 'fid')) } },
  'follow.created': FOLLOW,
  'follow.deleted': FOLLOW,
  'reaction.created': REACTION,
  'reaction.deleted': REACTION,
  'trade.created': TRADE,
} as const satisfies { readonly [N in NeynarEventName]: Fields };

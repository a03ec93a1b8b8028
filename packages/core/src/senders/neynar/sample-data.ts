import type { NeynarCast, NeynarUser, NeynarUserDehydrated } from './types.js';

// The people and casts of the sample deliveries (samples.ts): invented, shaped as Neynar's API
// renders them (`@neynar/nodejs-sdk` 3.177.0, `build/api/models/user.d.ts`, `cast.d.ts`). One
// afternoon: Tomasz joins and follows Marisol, Marisol casts in /memes, Kenji likes it and replies,
// then deletes the reply, and Marisol swaps USDC for DEGEN on Base.

// The app that signed the casts: the Farcaster client's own FID.
const client: NeynarUserDehydrated = { object: 'user_dehydrated', fid: 9152, username: 'warpcast', display_name: 'Warpcast' };

const MEMES = 'chain://eip155:1/erc721:0xfd8427165df67df6d7fd689ae67c8ebf56d9ca61';

export const marisol: NeynarUser = {
  object: 'user',
  fid: 412037,
  username: 'marisol',
  display_name: 'Marisol Ortega',
  pfp_url: 'https://imagedelivery.net/BXluQx4ige9GuW0Ia56BHw/f3cfd95d-6b66-431c-8228-d1ac9b8a9f7a/original',
  custody_address: '0x89f84fd42a2eb32d6689d3e6e935c2a33adbaf9b',
  registered_at: '2024-03-02T17:45:11.000Z',
  profile: {
    bio: { text: 'Making small onchain things. Mostly in /memes.', mentioned_channels: [], mentioned_profiles: [] },
    location: { latitude: 40.42, longitude: -3.7, address: { city: 'Madrid', country: 'Spain', country_code: 'es' } },
  },
  follower_count: 1843,
  following_count: 312,
  verifications: ['0xa2e71ca1466dfe2398e04e381d7849f806a30319'],
  verified_addresses: {
    eth_addresses: ['0xa2e71ca1466dfe2398e04e381d7849f806a30319'],
    sol_addresses: [],
    primary: { eth_address: '0xa2e71ca1466dfe2398e04e381d7849f806a30319', sol_address: null },
  },
  verified_accounts: [{ platform: 'x', username: 'marisol_makes' }],
  auth_addresses: [{ address: '0xa2e71ca1466dfe2398e04e381d7849f806a30319', app: client }],
  score: 0.87,
  experimental: { neynar_user_score: 0.87 },
  pro: { status: 'subscribed', subscribed_at: '2025-05-30T12:00:00.000Z', expires_at: '2026-05-30T12:00:00.000Z' },
};

export const kenji: NeynarUser = {
  object: 'user',
  fid: 287116,
  username: 'kenji',
  display_name: 'Kenji Mori',
  pfp_url: 'https://imagedelivery.net/BXluQx4ige9GuW0Ia56BHw/f8c536bf-a8ff-41a7-80b3-799164921be8/original',
  custody_address: '0x860f6b6de63d1f0b3dc7f0826c6cd24a07314a3e',
  registered_at: '2023-11-19T08:02:37.000Z',
  profile: { bio: { text: 'frames, coffee, bad puns' } },
  follower_count: 967,
  following_count: 540,
  verifications: [],
  verified_addresses: { eth_addresses: [], sol_addresses: [], primary: { eth_address: null, sol_address: null } },
  verified_accounts: [],
  auth_addresses: [],
  score: 0.74,
  experimental: { neynar_user_score: 0.74 },
};

export const tomasz: NeynarUser = {
  object: 'user',
  fid: 1098765,
  username: 'tomasz',
  display_name: 'Tomasz',
  pfp_url: null,
  custody_address: '0xd1910ecaeb1f919c10f0628c5d8ae5ebf9613f82',
  registered_at: '2025-06-12T13:58:04.000Z',
  profile: { bio: { text: '' } },
  follower_count: 0,
  following_count: 0,
  verifications: [],
  verified_addresses: { eth_addresses: [], sol_addresses: [], primary: { eth_address: null, sol_address: null } },
  verified_accounts: [],
  auth_addresses: [],
  score: 0.05,
  experimental: { neynar_user_score: 0.05 },
};

/** A user as follows, reactions and trades carry it. */
export function dehydrated({ fid, username, display_name, pfp_url, custody_address }: NeynarUser): NeynarUserDehydrated {
  return { object: 'user_dehydrated', fid, username, display_name, pfp_url, custody_address };
}

// A top-level cast in /memes that mentions Kenji, embeds a link and quotes an older cast.
export const memesCast: NeynarCast = {
  object: 'cast',
  hash: '0xfb9dae209b811ad86750f7f43140cd6913621d65',
  thread_hash: '0xfb9dae209b811ad86750f7f43140cd6913621d65',
  parent_hash: null,
  parent_url: MEMES,
  root_parent_url: MEMES,
  parent_author: { fid: null },
  author: marisol,
  app: client,
  text: 'gm @kenji, the sticker drop is live: https://example.com/drops/42',
  timestamp: '2025-06-12T14:03:27.000Z',
  embeds: [
    {
      url: 'https://example.com/drops/42',
      metadata: {
        _status: 'RESOLVED',
        content_type: 'text/html; charset=utf-8',
        content_length: null,
        html: { ogTitle: 'Sticker drop #42', ogDescription: 'Forty-two stickers, one afternoon.', ogSiteName: 'example.com' },
      },
    },
    {
      cast_id: { fid: 287116, hash: '0x5c788f70b0b6364b5ec70fe9429d94e3951ed9af' },
      cast: {
        hash: '0x5c788f70b0b6364b5ec70fe9429d94e3951ed9af',
        author: dehydrated(kenji),
        text: 'someone please make stickers of this',
        timestamp: '2025-06-10T09:12:44.000Z',
        parent_hash: null,
        parent_url: MEMES,
        root_parent_url: MEMES,
        parent_author: { fid: null },
        channel: { object: 'channel_dehydrated', id: 'memes', name: 'Memes' },
        embeds: [],
      },
    },
  ],
  channel: {
    object: 'channel_dehydrated',
    id: 'memes',
    name: 'Memes',
    image_url: 'https://imagedelivery.net/BXluQx4ige9GuW0Ia56BHw/f2254410-76ec-498b-924c-64724375a3f7/original',
  },
  mentioned_profiles: [kenji],
  mentioned_profiles_ranges: [{ start: 3, end: 9 }],
  mentioned_channels: [],
  mentioned_channels_ranges: [],
  reactions: { likes_count: 0, recasts_count: 0, likes: [], recasts: [] },
  replies: { count: 0 },
  author_channel_context: { following: true, role: 'member' },
};

// Kenji's reply to it, deleted a few minutes later.
export const reply: NeynarCast = {
  object: 'cast',
  hash: '0x0fab257150c17d932e56e41991e1ddc26b40e615',
  thread_hash: memesCast.hash,
  parent_hash: memesCast.hash,
  parent_url: null,
  root_parent_url: MEMES,
  parent_author: { fid: marisol.fid },
  author: kenji,
  app: client,
  text: 'minted three, no regrets',
  timestamp: '2025-06-12T14:07:40.000Z',
  embeds: [],
  channel: null,
  mentioned_profiles: [],
  mentioned_profiles_ranges: [],
  mentioned_channels: [],
  mentioned_channels_ranges: [],
  reactions: { likes_count: 1, recasts_count: 0, likes: [{ fid: marisol.fid, fname: 'marisol' }], recasts: [] },
  replies: { count: 0 },
};

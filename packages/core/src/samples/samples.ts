import type { EventName } from '../schema/event-names.js';
import type { FollowPayload, ProfilePayload, WebhookEvent } from '../schema/types.js';

// The documented example payloads (docs/contract.md §Events, test/fixtures/payloads).
const profile: ProfilePayload = {
  id: 'b9f62fdc493d1e0033b79dee9102fbe9f72e820e8acece4b6b9d21b2a4240b31',
  eventTimestamp: '2024-05-11T08:43:50.531Z',
  dappName: 'farcaster',
  dappSlug: 'farcaster_v3_optimism',
  blockchain: 'optimism',
  userId: '3761',
  userAddress: '0xa3a736379bfb4a9748c3e4daf5f9af0edfcc6c1a',
  userAssociatedAddresses: [
    '0xa3a736379bfb4a9748c3e4daf5f9af0edfcc6c1a',
    'Cry3MBYMS34p67Tr6pmart85JuTpdULhgDtaV8rxadng',
    '0xcbfbcbfca74955b8ab75dec41f7b9ef36f329879',
  ],
  isDefault: false,
  profileName: 'tokenstaker.eth',
  profileTokenId: '3761',
  profileTokenIdHex: '0x0eb1',
  profileTokenAddress: '0x00000000fc6c5f01fc30151999387bb99a9f489b',
  profileCreatedAtBlockNumber: 111894270,
  profileCreatedAtBlockTimestamp: '2023-11-07T20:01:57Z',
  profileTokenUri: '',
  userRecoveryAddress: '0x00000000fcb080a4d6c39a9354da9eb9bc104cd7',
  profileMetadata: null,
  coverImageURI: '',
  twitterUserName: '',
  location: '',
  website: '',
  profileImageContentValue: {
    image: {
      extraSmall: 'https://assets.airstack.xyz/v2/image/social/10/IucLiJGfa/extra_small.jpg',
      large: 'https://assets.airstack.xyz/v2/image/social/10/IucLiJGfa/large.jpg',
      medium: 'https://assets.airstack.xyz/v2/image/social/10/IucLiJGfa/medium.jpg',
      original: 'https://assets.airstack.xyz/v2/image/social/10/IucLiJGfa/original_image.jpg',
      small: 'https://assets.airstack.xyz/v2/image/social/10/IucLiJGfa/small.jpg',
    },
  },
  isFarcasterPowerUser: false,
  followingCount: 117,
  followerCount: 108,
  profileBio: 'Building Airstack',
  profileDisplayName: 'Sarvesh',
  profileImage: 'https://i.imgur.com/Y1au7ZB.jpg',
  socialCapital: { socialCapitalScore: 0.00151243059, socialCapitalScoreRaw: '151243059' },
};

const follow: FollowPayload = {
  id: '000000020c162a7ffcaf089ae12f3e53372302cde3c95cf6bab7b3244df5daa6',
  dappName: 'farcaster',
  dappSlug: 'farcaster_v3_optimism',
  eventTimestamp: '2024-05-11T08:43:50.531Z',
  followerProfileId: '3761',
  followingProfileId: '326089',
  followerSince: '2024-02-09T07:37:59Z',
};

const samplePayloads = {
  'profile.created': profile,
  'profile.updated': profile,
  'follow.created': follow,
  'follow.deleted': follow,
} as const;

/**
 * A documented example event of the given type, freshly copied, so a test may change it.
 * @example sampleEvent('follow.created').data.followerProfileId // '3761'
 */
export function sampleEvent<Name extends EventName>(eventName: Name): WebhookEvent<Name> {
  return { eventName, data: structuredClone(samplePayloads[eventName]) } as WebhookEvent<Name>;
}

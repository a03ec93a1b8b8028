import { neynarSender } from '@social-webhooks/core';
import { BENCH_SECRET } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';

/** The receiver for Neynar's deliveries as the docs mount it, a no-op handler for each of the nine types, and no logger. */
export const NEYNAR_RECEIVER_OPTIONS = {
  sender: neynarSender({ secrets: BENCH_SECRET }),
  logger: false as const,
  on: {
    'cast.created': sink,
    'cast.deleted': sink,
    'user.created': sink,
    'user.updated': sink,
    'follow.created': sink,
    'follow.deleted': sink,
    'reaction.created': sink,
    'reaction.deleted': sink,
    'trade.created': sink,
  },
};

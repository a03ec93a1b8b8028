import { BENCH_SECRET } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';

/** The receiver as the README mounts it, with a no-op handler for every event. */
export const RECEIVER_OPTIONS = {
  secret: BENCH_SECRET,
  on: { 'follow.created': sink, 'follow.deleted': sink, 'profile.created': sink, 'profile.updated': sink },
};

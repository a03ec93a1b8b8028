import { BENCH_SECRET } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';

/**
 * The receiver as the README mounts it, with a no-op handler for every event, and no logger: the
 * benchmarks time the receive path, not console output (the default logger prints refusals).
 */
export const RECEIVER_OPTIONS = {
  secret: BENCH_SECRET,
  logger: false as const,
  on: { 'follow.created': sink, 'follow.deleted': sink, 'profile.created': sink, 'profile.updated': sink },
};

import type { Pair, RuntimeName } from './pairs.js';

/** Goal 1: at least the throughput of the route users write (median of per-round ratios). */
export const FRAMEWORK_GOAL = 1;
/** Goal 2: at least 0.90 of the bare route's throughput, and p99 at most 1.2 times its p99. */
export const BARE_GOAL = 0.9;
export const BARE_P99_GOAL = 1.2;
/** Goal 3: at least 5 times the reference route's throughput; 8 times on Node, whose `node:crypto` verifies fastest. */
export const REFERENCE_GOAL = 5;
export const REFERENCE_NODE_GOAL = 8;

/** The ratios of one pair: throughput (ours over theirs) and p99 latency (ours over theirs). */
export interface Ratios {
  readonly throughput: number;
  readonly p99: number;
}

const referenceGoal = (runtime: RuntimeName) => (runtime === 'node' ? REFERENCE_NODE_GOAL : REFERENCE_GOAL);

/** The goal a pair is held to, as the table's goal column states it. */
export function describeGoal(pair: Pair): string {
  if (pair.goal === 'framework') return `1: >= ${FRAMEWORK_GOAL.toFixed(2)}`;
  if (pair.goal === 'bare') return `2: >= ${BARE_GOAL.toFixed(2)}, p99 <= ${BARE_P99_GOAL}x`;
  if (pair.goal === 'reference') return `3: >= ${referenceGoal(pair.runtime)}x (and 1)`;
  return 'informative';
}

/** Whether a pair's ratios meet its goal; `undefined` for a row that only informs. */
export function meetsGoal(pair: Pair, ratios: Ratios): boolean | undefined {
  if (pair.goal === 'framework') return ratios.throughput >= FRAMEWORK_GOAL;
  if (pair.goal === 'bare') return ratios.throughput >= BARE_GOAL && ratios.p99 <= BARE_P99_GOAL;
  if (pair.goal === 'reference') return ratios.throughput >= referenceGoal(pair.runtime);
  return undefined;
}

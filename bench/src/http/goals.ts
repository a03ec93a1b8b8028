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

/** A pair's verdict as the table prints it, and whether it counts towards the table's verdict. */
export interface Verdict {
  readonly text: 'met' | 'MISSED' | 'informative' | 'informative: not the fastest here';
  /** `undefined` for a row that only informs. */
  readonly met: boolean | undefined;
}

/**
 * The verdict of each measured pair, in order. Goal 2's pairs on one runtime each set a receiver
 * against the same bare route: the fastest of them (the highest throughput ratio) is held to the
 * goal, the others only inform. Every other pair is held to its own goal, or informs.
 */
export function verdicts(measured: readonly { readonly pair: Pair; readonly ratios: Ratios }[]): Verdict[] {
  const fastest = new Map<RuntimeName, { readonly ratios: Ratios }>();
  for (const result of measured.filter(({ pair }) => pair.goal === 'bare')) {
    const best = fastest.get(result.pair.runtime);
    if (best === undefined || result.ratios.throughput > best.ratios.throughput) fastest.set(result.pair.runtime, result);
  }
  return measured.map((result) => {
    if (result.pair.goal === 'bare' && fastest.get(result.pair.runtime) !== result)
      return { text: 'informative: not the fastest here', met: undefined };
    const met = meetsGoal(result.pair, result.ratios);
    return { text: met === undefined ? 'informative' : met ? 'met' : 'MISSED', met };
  });
}

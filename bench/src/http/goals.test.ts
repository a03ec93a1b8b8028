import { describe, expect, it } from 'vitest';
import { describeGoal, verdicts } from './goals.js';
import { MINIAPP_PAIRS } from './miniapp-pairs.js';
import { NEYNAR_PAIRS } from './neynar-pairs.js';
import { CONTRACT_PAIRS, PAIRS, type Pair } from './pairs.js';

const find = (pairs: readonly Pair[], label: string): Pair => pairs.find((pair) => pair.label === label)!;
const measured = (pair: Pair, throughput: number, p99 = 1) => ({ pair, ratios: { throughput, p99 } });

describe('the HTTP section goals (issue #35)', () => {
  it('holds goal 1 at 1.00 of the route users write, on throughput alone', () => {
    const express = find(PAIRS, 'Node, Express 5');
    expect(verdicts([measured(express, 1.0, 1.5), measured(express, 0.999)]).map((verdict) => verdict.text)).toEqual(['met', 'MISSED']);
    expect(describeGoal(express)).toBe('1: >= 1.00');
  });

  it("holds goal 2 on each runtime for the fastest receiver alone, at 0.90 and p99 at most 1.2 times the bare route's", () => {
    const node = PAIRS.filter((pair) => pair.goal === 'bare' && pair.runtime === 'node');
    expect(node.map((pair) => pair.adapter.app)).toEqual(['node-adapter', 'web-handler', 'hono-adapter']);
    const bun = find(PAIRS, 'Bun, Web handler vs Bun.serve + request.json()');
    // The Web handler is Node's fastest: the listener's and Hono's misses do not count.
    const results = verdicts([measured(node[0]!, 0.8), measured(node[1]!, 0.91, 1.2), measured(node[2]!, 0.5), measured(bun, 0.95, 1.21)]);
    expect(results).toEqual([
      { text: 'informative: not the fastest here', met: undefined },
      { text: 'met', met: true },
      { text: 'informative: not the fastest here', met: undefined },
      { text: 'MISSED', met: false },
    ]);
    expect(verdicts([measured(node[0]!, 0.89), measured(node[1]!, 0.7)])[0]).toEqual({ text: 'MISSED', met: false });
  });

  it('holds goal 3 at 8x on Node and 5x elsewhere, and only informs with the contract rows', () => {
    const express = find(MINIAPP_PAIRS, 'Node, Express 5 vs parseWebhookEvent');
    const deno = find(MINIAPP_PAIRS, 'Deno, Web handler vs parseWebhookEvent');
    expect(verdicts([measured(express, 7.9), measured(express, 8), measured(deno, 5), measured(deno, 4.99)]).map((v) => v.met)).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(verdicts(CONTRACT_PAIRS.map((pair) => measured(pair, 0.5)))).toEqual(
      CONTRACT_PAIRS.map(() => ({ text: 'informative', met: undefined })),
    );
  });

  it('covers every sender on every runtime: goal 1 or 3 and goal 2 on Node, Bun, Deno and workerd', () => {
    for (const pairs of [PAIRS, NEYNAR_PAIRS, MINIAPP_PAIRS]) {
      for (const runtime of ['node', 'bun', 'deno', 'workerd'] as const) {
        const goals = new Set(pairs.filter((pair) => pair.runtime === runtime).map((pair) => pair.goal));
        expect(goals.has('bare'), `${runtime}: goal 2`).toBe(true);
        expect(goals.has('framework') || goals.has('reference'), `${runtime}: goal 1 or 3`).toBe(true);
      }
    }
  });
});

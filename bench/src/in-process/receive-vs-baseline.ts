import type { EventName } from '@social-webhooks/core';
import { BENCH_SECRET, sampleBody } from '../support/payloads.js';
import { formatFigure, formatSpread } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { pairedRatio, timeAlternating } from '../support/time-alternating.js';
import { baseline, deliveryOf, receiver } from './contenders.js';

/** The goal in BENCHMARKS.md, "The goals": the receive path costs at most twice the hand-written baseline. */
export const RATIO_GOAL = 2;

const PAYLOADS: readonly { label: string; eventName: EventName }[] = [
  { label: 'follow', eventName: 'follow.created' },
  { label: 'profile', eventName: 'profile.updated' },
];

/**
 * Section 1: the core's receive path (header check, parse, validate, dispatch to a no-op handler)
 * against `JSON.parse` + `===` + a handler call on the same bytes, alternating in one run.
 */
export async function receiveVsBaseline(rounds: number): Promise<{ table: Table; met: boolean }> {
  const rows: string[][] = [];
  let met = true;
  for (const { label, eventName } of PAYLOADS) {
    const bytes = sampleBody(eventName);
    const delivery = deliveryOf(bytes);
    const check = await receiver.receive(delivery);
    if (check.status !== 200 || check.code !== 'handled') throw new Error(`the ${label} delivery was not handled: ${check.body}`);
    const [core, base] = await timeAlternating(
      [
        { name: 'core', run: () => receiver.receive(delivery) },
        { name: 'baseline', run: () => baseline(BENCH_SECRET, bytes) },
      ],
      { rounds },
    );
    const ratio = pairedRatio(core!, base!);
    met &&= ratio <= RATIO_GOAL;
    rows.push([
      `${label} (${bytes.byteLength} B)`,
      `${formatFigure(core!.nsPerOp)} ${formatSpread(core!.spread)}`,
      `${formatFigure(base!.nsPerOp)} ${formatSpread(base!.spread)}`,
      ratio.toFixed(2),
      ratio <= RATIO_GOAL ? 'met' : 'MISSED',
    ]);
  }
  return {
    table: {
      title: `In process: receive path vs JSON.parse + === + handler (CPU ns/op, median of ${rounds} alternating rounds)`,
      columns: ['payload', 'core receive', 'baseline', 'ratio', `goal <= ${RATIO_GOAL.toFixed(1)}`],
      rows,
    },
    met,
  };
}

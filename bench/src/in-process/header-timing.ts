import { createWebhookReceiver } from '@social-webhooks/core';
import { BENCH_SECRET } from '../support/payloads.js';
import { sink } from '../support/sink.js';
import { formatFigure, formatSpread } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { timeAlternating } from '../support/time-alternating.js';

// A header value as the HTTP parser hands it over: a flat one-byte string, not a rope or a slice
// of another string (which V8 would compare differently).
const received = (value: string) => Buffer.from(value, 'latin1').toString('latin1');

const CASES: readonly { label: string; value: string }[] = [
  { label: 'right length, first byte differs', value: `X${BENCH_SECRET.slice(1)}` },
  { label: 'right length, last byte differs', value: `${BENCH_SECRET.slice(0, -1)}X` },
  { label: 'right length, all bytes differ', value: 'X'.repeat(BENCH_SECRET.length) },
  { label: 'a prefix: half the length', value: BENCH_SECRET.slice(0, BENCH_SECRET.length / 2) },
  { label: 'one byte short', value: BENCH_SECRET.slice(0, -1) },
  { label: 'one byte long', value: `${BENCH_SECRET}X` },
  { label: 'twice the length', value: BENCH_SECRET + BENCH_SECRET },
  { label: 'one byte', value: 'X' },
];

// Indistinguishable within noise: every median within this share of the median of medians.
const WITHIN = 0.1;

/**
 * Section 4: how long the 401 path takes for wrong header values that differ from the secret early,
 * late, or in length. The receive path is timed whole (what a remote attacker could time, minus the
 * network); the body is never read there, so the header comparison is the only part that varies.
 * A plain `===` on the same values is shown beside it as a reference for what a leak looks like.
 */
export async function headerTiming(rounds: number): Promise<{ table: Table; met: boolean }> {
  const receiver = createWebhookReceiver<undefined>({ secret: BENCH_SECRET });
  const secret = received(BENCH_SECRET);
  const deliveries = CASES.map(({ value }) => ({
    header: received(value),
    contentType: 'application/json',
    contentLength: '2',
    readBody: () => Promise.reject(new Error('the 401 path must not read the body')),
    context: undefined,
  }));
  for (const delivery of deliveries) {
    if ((await receiver.receive(delivery)).status !== 401) throw new Error(`"${delivery.header}" was not answered 401`);
  }
  const timings = await timeAlternating(
    [
      ...deliveries.map((delivery, index) => ({ name: `receive ${index}`, run: () => receiver.receive(delivery) })),
      ...deliveries.map((delivery, index) => ({ name: `=== ${index}`, run: () => sink(delivery.header === secret) })),
    ],
    { rounds, batchMs: 10 },
  );
  const medians = timings.slice(0, CASES.length).map((timing) => timing.nsPerOp);
  const centre = [...medians].sort((a, b) => a - b)[medians.length >> 1]!;
  const met = medians.every((value) => Math.abs(value - centre) <= centre * WITHIN);
  return {
    table: {
      title: `Constant-time header check: 401 path for wrong values of a ${BENCH_SECRET.length}-character secret (ns/op, median of ${rounds} interleaved rounds)`,
      columns: ['wrong header value', 'receiver 401', 'vs median', 'naive === (reference)'],
      rows: CASES.map((testCase, index) => {
        const timing = timings[index]!;
        return [
          `${testCase.label} (${testCase.value.length} chars)`,
          `${formatFigure(timing.nsPerOp)} ${formatSpread(timing.spread)}`,
          `${timing.nsPerOp >= centre ? '+' : ''}${(((timing.nsPerOp - centre) / centre) * 100).toFixed(1)}%`,
          formatFigure(timings[CASES.length + index]!.nsPerOp),
        ];
      }),
    },
    met,
  };
}

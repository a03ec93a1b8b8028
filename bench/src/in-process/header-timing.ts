import { createWebhookReceiver, type Delivery } from '@social-webhooks/core/adapter';
import { BENCH_SECRET } from '../support/payloads.js';
import { sink } from '../support/sink.js';
import { formatFigure, median as medianOf } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { timeAlternating, type Timing } from '../support/time-alternating.js';

// A header value as the HTTP parser hands it over: a flat one-byte string, not a rope or a slice
// of another string (which V8 would read differently).
const received = (value: string) => Buffer.from(value, 'latin1').toString('latin1');

const CASES: readonly { label: string; wrong: (secret: string) => string }[] = [
  { label: 'right length, first byte differs', wrong: (secret) => `X${secret.slice(1)}` },
  { label: 'right length, last byte differs', wrong: (secret) => `${secret.slice(0, -1)}X` },
  { label: 'right length, every byte differs', wrong: (secret) => 'X'.repeat(secret.length) },
  { label: 'half the length (a prefix)', wrong: (secret) => secret.slice(0, secret.length / 2) },
  { label: 'one byte short', wrong: (secret) => secret.slice(0, -1) },
  { label: 'one byte long', wrong: (secret) => `${secret}X` },
  { label: 'twice the length', wrong: (secret) => secret + secret },
  { label: 'one byte', wrong: () => 'X' },
];

// The realistic secret, and a long one that makes the comparison most of the 401 path's cost, so
// that any dependence on the received value would stand out of the fixed costs around it.
const SECRETS = [BENCH_SECRET, `${BENCH_SECRET}-${'0123456789abcdef'.repeat(60)}`.slice(0, 1_024)];

// Indistinguishable within noise: every case's median within this share of the median of medians.
const WITHIN = 0.1;

/**
 * Section 4: the 401 path for wrong header values that differ from the secret early, late, or in
 * length. The receive path is timed whole (what a remote attacker could time, minus the network);
 * the body is never read there, so the header comparison is the only part that varies. A plain
 * `===` on the same values is shown as the reference of what a leak looks like.
 */
export async function headerTiming(rounds: number): Promise<{ table: Table; met: boolean }> {
  const columns: { receiver: Timing[]; naive: Timing[] }[] = [];
  for (const value of SECRETS) {
    const secret = received(value);
    // No logger: the default one would print a line for each 401 timed here.
    const receiver = createWebhookReceiver<undefined>({ secret, logger: false });
    const deliveries: Delivery<undefined>[] = CASES.map(({ wrong }) => ({
      header: received(wrong(secret)),
      contentType: 'application/json',
      contentLength: '2',
      readBody: () => Promise.reject(new Error('the 401 path must not read the body')),
      context: undefined,
    }));
    for (const delivery of deliveries) {
      if ((await receiver.receive(delivery)).status !== 401) throw new Error('a wrong header value was not answered 401');
    }
    const timings = await timeAlternating(
      [
        ...deliveries.map((delivery, index) => ({ name: `receive ${index}`, run: () => receiver.receive(delivery) })),
        ...deliveries.map((delivery, index) => ({ name: `=== ${index}`, run: () => sink(delivery.header === secret) })),
      ],
      { rounds, batchMs: 40 },
    );
    columns.push({ receiver: timings.slice(0, CASES.length), naive: timings.slice(CASES.length) });
  }
  const centres = columns.map(({ receiver }) => medianOf(receiver.map((timing) => timing.nsPerOp)));
  const deviation = (column: number, index: number) => columns[column]!.receiver[index]!.nsPerOp / centres[column]! - 1;
  const met = columns.every((column, c) => column.receiver.every((_timing, index) => Math.abs(deviation(c, index)) <= WITHIN));
  const percent = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)}%`;
  return {
    table: {
      title: `Constant-time header check: the 401 path for wrong values (CPU ns/op, median of ${rounds} interleaved rounds)`,
      columns: [
        'wrong header value',
        ...SECRETS.flatMap((secret) => [`${secret.length}-char secret: 401`, 'vs median', 'naive === (reference)']),
      ],
      rows: CASES.map((testCase, index) => [
        testCase.label,
        ...columns.flatMap((column, c) => [
          formatFigure(column.receiver[index]!.nsPerOp),
          percent(deviation(c, index)),
          formatFigure(column.naive[index]!.nsPerOp),
        ]),
      ]),
    },
    met,
  };
}

import { BENCH_SECRET, paddedFollowBody } from '../support/payloads.js';
import { formatCount, formatFigure } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { timeAlternating } from '../support/time-alternating.js';
import { baseline, deliveryOf, receiver, type ReadCounter } from './contenders.js';

const SIZES: readonly { label: string; bytes: number }[] = [
  { label: '1 kB', bytes: 1_000 },
  { label: '10 kB', bytes: 10_000 },
  { label: '100 kB', bytes: 100_000 },
  { label: '1 MB', bytes: 1_000_000 },
];

// Linear growth: from 10 kB up (where fixed costs no longer show) the ns/byte stays within this
// factor of the 1 MB figure. The 401 path reads no body, so its cost differs across sizes by no
// more than this factor either (noise, on a shared 2-core machine).
const FLAT_WITHIN = 1.5;

/**
 * Section 3: the receive path at growing body sizes (unknown extra fields), its cost per byte, and
 * the 401 path at the same sizes, which must not read the body at all.
 */
export async function costVsSize(rounds: number): Promise<{ table: Table; met: boolean }> {
  const results = [];
  for (const size of SIZES) {
    const bytes = paddedFollowBody(size.bytes);
    const accepted = deliveryOf(bytes);
    const forgedReads: ReadCounter = { count: 0 };
    const forged = deliveryOf(bytes, BENCH_SECRET.replace(/.$/, '0'), forgedReads);
    const check = await receiver.receive(accepted);
    if (check.status !== 200) throw new Error(`the ${size.label} delivery was answered ${check.status}: ${check.body}`);
    if ((await receiver.receive(forged)).status !== 401) throw new Error('the forged delivery was not answered 401');
    const [core, base, refused] = await timeAlternating(
      [
        { name: 'core', run: () => receiver.receive(accepted) },
        { name: 'baseline', run: () => baseline(BENCH_SECRET, bytes) },
        { name: '401', run: () => receiver.receive(forged) },
      ],
      { rounds },
    );
    results.push({ size, core: core!, base: base!, refused: refused!, forgedReads: forgedReads.count });
  }
  const reference = results.at(-1)!.core.nsPerOp / results.at(-1)!.size.bytes;
  let met = true;
  const rows = results.map(({ size, core, base, refused, forgedReads }) => {
    const nsPerByte = core.nsPerOp / size.bytes;
    if (size.bytes >= 10_000 && nsPerByte > reference * FLAT_WITHIN) met = false;
    if (forgedReads !== 0) met = false;
    return [
      size.label,
      formatCount(core.nsPerOp),
      nsPerByte.toFixed(2),
      (base.nsPerOp / size.bytes).toFixed(2),
      (core.nsPerOp / base.nsPerOp).toFixed(2),
      formatFigure(refused.nsPerOp),
      String(forgedReads),
    ];
  });
  const refusals = results.map((result) => result.refused.nsPerOp);
  if (Math.max(...refusals) > Math.min(...refusals) * FLAT_WITHIN) met = false;
  return {
    table: {
      title: `Cost against body size: follow.created envelope padded with unknown fields (median of ${rounds} alternating rounds)`,
      columns: ['body', 'core ns/op', 'core ns/byte', 'baseline ns/byte', 'ratio', '401 ns/op', 'body reads on 401'],
      rows,
    },
    met,
  };
}

import { formatCount, formatFigure } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { pairedRatio, timeAlternating, type Timing } from '../support/time-alternating.js';
import type { ReadCounter } from './contenders.js';
import type { SizeSubject } from './size-subjects.js';

// The receiver adds no cost that grows faster than the bytes: from 10 kB up (where the fixed costs
// no longer show) its ratio to the baseline on the same bytes stays within this factor of the 10 kB
// ratio. The ratio, not the bare ns/byte, because V8's own JSON.parse is not linear past about
// 128 kB (a string that large is allocated in the large-object space, which only a major GC frees),
// and the baseline pays that as much as the receiver does; the table shows both ns/byte figures.
const RATIO_GROWTH_WITHIN = 1.3;
// The 401 path reads no body: its cost may differ across sizes by noise only. Reading 1 MB would
// cost a thousand times the 1 kB figure, so a factor of 2 still tells a read from noise at once.
const REFUSAL_SPREAD_WITHIN = 2;

export interface SizeOptions {
  readonly subject: SizeSubject;
  readonly rounds: number;
  /** The length of each unknown field's value. Default 1,000 characters. */
  readonly fieldLength: number;
}

/**
 * Section 3: the receive path at growing body sizes (unknown extra fields), its cost per byte, and
 * the 401 path at the same sizes, whose reader counts reads: it must never be called. Once per
 * sender (size-subjects.ts).
 */
export async function costVsSize({ subject, rounds, fieldLength }: SizeOptions): Promise<{ table: Table; met: boolean }> {
  const { receiver } = subject;
  const results: { label: string; bytes: number; core: Timing; base: Timing; refused: Timing; ratio: number; reads: number }[] = [];
  for (const size of subject.sizes) {
    const bytes = subject.body(size.bytes, fieldLength);
    const forgedReads: ReadCounter = { count: 0 };
    const { accepted, refused: forged, baseline } = subject.prepare(bytes, forgedReads);
    const check = await receiver.receive(accepted);
    if (check.status !== 200) throw new Error(`the ${size.label} delivery was answered ${check.status}: ${check.body}`);
    if ((await receiver.receive(forged)).status !== 401) throw new Error('the forged delivery was not answered 401');
    const [core, base, refused] = await timeAlternating(
      [
        { name: 'core', run: () => receiver.receive(accepted) },
        { name: 'baseline', run: baseline },
        { name: '401', run: () => receiver.receive(forged) },
      ],
      { rounds },
    );
    results.push({ ...size, core: core!, base: base!, refused: refused!, ratio: pairedRatio(core!, base!), reads: forgedReads.count });
  }
  const reference = results.find((result) => result.bytes === 10_000)!.ratio;
  const refusals = results.map((result) => result.refused.nsPerOp);
  const met =
    results.every((result) => result.bytes < 10_000 || result.ratio <= reference * RATIO_GROWTH_WITHIN) &&
    results.every((result) => result.reads === 0) &&
    Math.max(...refusals) <= Math.min(...refusals) * REFUSAL_SPREAD_WITHIN;
  return {
    table: {
      title:
        `Cost against body size: ${subject.title} plus unknown fields of ${fieldLength} characters ` +
        `(CPU time, median of ${rounds} alternating rounds)`,
      columns: ['body', 'core ns/op', 'core ns/byte', 'baseline ns/byte', 'ratio', '401 ns/op', 'body reads on 401'],
      rows: results.map((result) => [
        result.label,
        formatCount(result.core.nsPerOp),
        (result.core.nsPerOp / result.bytes).toFixed(2),
        (result.base.nsPerOp / result.bytes).toFixed(2),
        result.ratio.toFixed(2),
        formatFigure(result.refused.nsPerOp),
        String(result.reads),
      ]),
    },
    met,
  };
}

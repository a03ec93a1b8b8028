import { median, relativeSpread } from './stats.js';

/** One side of a comparison: a single operation, sync or async. */
export interface Contender {
  readonly name: string;
  /** One operation. A promise is awaited before the next call, as a server runs deliveries back to back. */
  readonly run: () => unknown;
}

/** A contender's result: the median CPU ns per operation over all rounds, and its noise. */
export interface Timing {
  readonly name: string;
  readonly nsPerOp: number;
  readonly spread: number;
  readonly samples: readonly number[];
}

export interface AlternatingOptions {
  /** How many batches each contender runs, interleaved with the others. Default 21. */
  readonly rounds?: number;
  /** How long one batch lasts, roughly. Default 40 ms. */
  readonly batchMs?: number;
}

/**
 * Times contenders in interleaved batches (A B C, then B C A, ...), so a drift of the machine (CPU
 * frequency, another process, GC pressure) hits every contender alike instead of whichever ran last.
 * Each batch is sized so it lasts about `batchMs`; the figure is the median batch's ns per operation.
 */
export async function timeAlternating(contenders: readonly Contender[], options: AlternatingOptions = {}): Promise<Timing[]> {
  const rounds = options.rounds ?? 21;
  const batchMs = options.batchMs ?? 40;
  const plans = [];
  for (const contender of contenders) {
    const isAsync = contender.run() instanceof Promise;
    plans.push({ contender, isAsync, iterations: await calibrate(contender.run, isAsync, batchMs) });
  }
  const samples = contenders.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < plans.length; turn++) {
      const index = (round + turn) % plans.length;
      const { contender, isAsync, iterations } = plans[index]!;
      samples[index]!.push((await timeBatch(contender.run, isAsync, iterations)) / iterations);
    }
  }
  return contenders.map((contender, index) => ({
    name: contender.name,
    nsPerOp: median(samples[index]!),
    spread: relativeSpread(samples[index]!),
    samples: samples[index]!,
  }));
}

// Grows the batch until it lasts long enough for the clock to be precise and warms the JIT doing so.
async function calibrate(run: () => unknown, isAsync: boolean, batchMs: number): Promise<number> {
  let iterations = 16;
  for (;;) {
    const ns = await timeBatch(run, isAsync, iterations);
    if (ns >= (batchMs * 1e6) / 4) return Math.max(1, Math.round((iterations * batchMs * 1e6) / ns));
    iterations *= 4;
  }
}

// Process CPU time (user + system), not wall time: on a shared machine the scheduler hands whole
// milliseconds to other processes, which wall time would charge to whichever batch was running.
// It still counts V8's GC helper threads, which is work done on behalf of the batch.
async function timeBatch(run: () => unknown, isAsync: boolean, iterations: number): Promise<number> {
  const start = process.cpuUsage();
  if (isAsync) {
    for (let index = 0; index < iterations; index++) await run();
  } else {
    for (let index = 0; index < iterations; index++) run();
  }
  const { user, system } = process.cpuUsage(start);
  return (user + system) * 1000;
}

/**
 * The median over rounds of `a`'s time divided by `b`'s in the same round: batches that ran next to
 * each other share the machine's state, so the ratio is steadier than a ratio of two medians.
 */
export function pairedRatio(a: Timing, b: Timing): number {
  return median(a.samples.map((sample, index) => sample / b.samples[index]!));
}

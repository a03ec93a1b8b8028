/** What one wrk run measured, read from its text output (`wrk --latency`). */
export interface WrkFigures {
  readonly requestsPerSecond: number;
  readonly total: number;
  /** Latency percentiles in milliseconds, from the `Latency Distribution` block. */
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Answers whose status was not 2xx or 3xx. */
  readonly non2xx: number;
  /** Socket errors: connect, read, write. */
  readonly errors: number;
  /** Requests that got no answer within wrk's `--timeout`: a loaded machine, not a broken server. */
  readonly timeouts: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/**
 * Parses wrk 4's output. Throws when a figure the benchmark relies on is missing, so a change in
 * wrk's format surfaces as an error rather than as a row of zeros.
 */
export function parseWrkOutput(output: string): WrkFigures {
  const rate = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  const total = /^\s*(\d+) requests in /m.exec(output);
  const p50 = percentile(output, 50);
  const p99 = percentile(output, 99);
  if (rate === null || total === null || p50 === undefined || p99 === undefined) {
    throw new Error(`could not read wrk's output (was --latency passed?):\n${output}`);
  }
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requestsPerSecond: Number(rate[1]),
    total: Number(total[1]),
    p50Ms: p50,
    p99Ms: p99,
    non2xx: non2xx === null ? 0 : Number(non2xx[1]),
    errors: socket === null ? 0 : socket.slice(1, 4).reduce((sum, count) => sum + Number(count), 0),
    timeouts: socket === null ? 0 : Number(socket[4]),
  };
}

function percentile(output: string, percent: number): number | undefined {
  const match = new RegExp(`^\\s+${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
  return match === null ? undefined : Number(match[1]) * UNIT_MS[match[2]!]!;
}

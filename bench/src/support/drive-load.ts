import autocannon from 'autocannon';

/** One load run against one server. */
export interface LoadRun {
  readonly requestsPerSecond: number;
  /** The 99th percentile of response time, in milliseconds. */
  readonly p99Ms: number;
  readonly total: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

export interface DriveOptions {
  /** Must be loopback: the benchmark never loads another machine. */
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array;
  readonly connections: number;
  readonly seconds: number;
}

/** Drives `url` with the same POST from `connections` keep-alive connections for `seconds`. */
export async function driveLoad(options: DriveOptions): Promise<LoadRun> {
  assertLoopback(options.url);
  const result = await autocannon({
    url: options.url,
    method: 'POST',
    headers: options.headers,
    body: Buffer.from(options.body),
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Refuses any target but 127.0.0.1, so a typo can never point a load run at a real host. */
export function assertLoopback(url: string): void {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error(`load runs only target 127.0.0.1, not ${url}`);
}

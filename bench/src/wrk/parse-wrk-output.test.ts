import { describe, expect, it } from 'vitest';
import { parseWrkOutput } from './parse-wrk-output.js';

// wrk 4.1.0's output (Debian's package), as `wrk --latency` prints it.
const OUTPUT = `Running 3s test @ http://127.0.0.1:34453/webhook
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   846.87us    1.57ms  25.60ms   91.01%
    Req/Sec    22.35k    11.91k   33.27k    70.00%
  Latency Distribution
     50%  305.00us
     75%  576.00us
     90%    2.22ms
     99%    1.05s
  22135 requests in 1.00s, 3.23MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 17
Requests/sec:  22070.88
Transfer/sec:      3.22MB
`;

describe('parseWrkOutput', () => {
  it('reads the rate, the total, the percentiles in ms, and every kind of failure', () => {
    expect(parseWrkOutput(OUTPUT)).toEqual({
      requestsPerSecond: 22070.88,
      total: 22135,
      p50Ms: 0.305,
      p99Ms: 1050,
      non2xx: 17,
      errors: 2,
      timeouts: 3,
    });
  });

  it('counts no failures when wrk prints none', () => {
    const clean = OUTPUT.replace(/^\s+(Socket errors|Non-2xx).*\n/gm, '');
    expect(parseWrkOutput(clean)).toMatchObject({ non2xx: 0, errors: 0, timeouts: 0 });
  });

  it('refuses output without the latency distribution, rather than reading zeros', () => {
    expect(() => parseWrkOutput(OUTPUT.replace(/^\s+\d+%.*\n/gm, ''))).toThrow(/--latency/);
  });
});

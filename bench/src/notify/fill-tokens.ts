import type { createClient } from 'redis';

/**
 * Writes `count` users' tokens, spread round-robin over `urls`, straight into the hashes
 * `redisTokenStore` keeps (`<prefix><fid>`, field appFid, value `{ url, token }`), pipelined: saving
 * a million through `save()` one EVAL at a time would be the bench's longest part, and is not what it measures.
 */
export async function fillTokens(
  client: ReturnType<typeof createClient>,
  urls: readonly string[],
  count: number,
  prefix = 'social-webhooks:miniapp-tokens:',
): Promise<void> {
  const chunk = 10_000;
  for (let from = 1; from <= count; from += chunk) {
    const multi = client.multi();
    for (let fid = from; fid < Math.min(from + chunk, count + 1); fid++) {
      multi.hSet(`${prefix}${fid}`, '9152', JSON.stringify({ url: urls[fid % urls.length], token: `bench-token-${fid}` }));
    }
    await multi.execAsPipeline();
  }
}

/** Each URL's share of `count` users filled round-robin, and the requests that share takes: ceil(share / 100). */
export function expectedRequests(urls: readonly string[], count: number): number[] {
  return urls.map((_, index) => {
    let share = Math.floor(count / urls.length);
    // fid % length === index for fids 1..count: one more for the first `count % length` residues after 1.
    for (let fid = count - (count % urls.length) + 1; fid <= count; fid++) if (fid % urls.length === index) share += 1;
    return Math.ceil(share / 100);
  });
}

/**
 * Whether a broadcast of `tokens` made exactly the `expected` requests per URL and delivered every
 * token, and the table's cell that says so: made (expected), marked WRONG when they differ.
 */
export function checkRequests(
  made: readonly number[],
  expected: readonly number[],
  successful: number,
  tokens: number,
): { exact: boolean; cell: string } {
  const exact = made.every((count, index) => count === expected[index]) && successful === tokens;
  return { exact, cell: `${made.join(' / ')} (${expected.join(' / ')})${exact ? '' : ' WRONG'}` };
}

/** Why a client did not deliver to a token, from `failedTokens` (newer clients; miniapps.farcaster.xyz, "Notifications"). */
export type FailedReason = 'domain_mismatch' | 'target_url_mismatch' | 'no_webhook_url' | 'invalid_token' | 'unknown';

const FAILED_REASONS: ReadonlySet<string> = new Set<FailedReason>([
  'domain_mismatch',
  'target_url_mismatch',
  'no_webhook_url',
  'invalid_token',
  'unknown',
]);

/**
 * The per-token lists of a client's answer: a 200 means only that the request was read; these say what
 * happened to each token.
 */
export interface ClientResult {
  readonly successful: ReadonlySet<string>;
  readonly invalid: ReadonlySet<string>;
  readonly rateLimited: ReadonlySet<string>;
  /** By token; a reason this library does not know reads `unknown`. */
  readonly failed: ReadonlyMap<string, FailedReason>;
}

/**
 * Reads a client's 200 answer against `sendNotificationResponseSchema`: `{ result: { successfulTokens,
 * invalidTokens, rateLimitedTokens, failedTokens? } }`, each list of strings, `failedTokens` of `{ token,
 * reason }`. Returns why it is unusable otherwise: such an answer is a failed batch, never a success.
 */
export function readClientResult(answer: unknown): ClientResult | string {
  const result = isObject(answer) ? answer.result : undefined;
  if (!isObject(result)) return 'the client answered 200 without a `result` object';
  const lists: Set<string>[] = [];
  for (const name of ['successfulTokens', 'invalidTokens', 'rateLimitedTokens'] as const) {
    const list = result[name];
    if (!Array.isArray(list) || !list.every((token) => typeof token === 'string')) {
      return `the client answered 200 with \`result.${name}\` missing or not a list of tokens`;
    }
    lists.push(new Set(list as string[]));
  }
  const failed = new Map<string, FailedReason>();
  const failedTokens = result.failedTokens;
  if (failedTokens !== undefined) {
    if (!Array.isArray(failedTokens)) return 'the client answered 200 with `result.failedTokens` not a list';
    for (const entry of failedTokens) {
      if (!isObject(entry) || typeof entry.token !== 'string' || typeof entry.reason !== 'string') {
        return 'the client answered 200 with a `result.failedTokens` entry that is not { token, reason }';
      }
      failed.set(entry.token, FAILED_REASONS.has(entry.reason) ? (entry.reason as FailedReason) : 'unknown');
    }
  }
  return { successful: lists[0]!, invalid: lists[1]!, rateLimited: lists[2]!, failed };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import type { Claim } from './limiter.js';
import type { BatchTarget } from './notification.js';

/** The `allowed` claim, frozen: every limiter answers this one object, so a batch's claims allocate nothing for it. */
export const ALLOWED_CLAIM: Claim = /* @__PURE__ */ Object.freeze({ outcome: 'allowed' });
/** The `sent` claim, frozen, shared as {@link ALLOWED_CLAIM} is. */
export const SENT_CLAIM: Claim = /* @__PURE__ */ Object.freeze({ outcome: 'sent' });

/**
 * The claims of a SQL limiter's answer, one row per target in order, each `{ outcome, retry_at }`
 * with `outcome` `sent`, `limited` or `allowed` (the Postgres and Cloudflare limiters' statements).
 * @throws {Error} when the rows are not one per target, naming `source` (the package).
 */
export function claimsFromRows(rows: readonly Record<string, unknown>[], targets: number, source: string): Claim[] {
  if (rows.length !== targets) throw new Error(`${source}: the claim answered ${rows.length} rows for ${targets} targets.`);
  return rows.map((row): Claim => {
    if (row['outcome'] === 'sent') return SENT_CLAIM;
    if (row['outcome'] === 'limited') return { outcome: 'limited', retryAt: Number(row['retry_at']) };
    return ALLOWED_CLAIM;
  });
}

/** The targets as a SQL limiter's statements read them: one JSON array of `{ fid, appFid, token }`. */
export function claimTargetsJson(targets: readonly BatchTarget[]): string {
  return JSON.stringify(targets.map(({ fid, appFid, token }) => ({ fid, appFid, token })));
}

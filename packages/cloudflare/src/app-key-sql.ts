import { NOW, member } from './now.js';
import type { Tables } from './tables.js';

// The app key store's statements that need more than a line: the budget's single row, updated in
// one statement, in the order of redisAppKeyStore's script: the pause, then the calls in flight (a
// JSON object of token to when its lease ends, the lapsed ones dropped), then the token bucket
// (refilled at the rate a second, holding at most the rate).

/**
 * Takes one hub call from the budget: ?1 calls per second, ?2 calls at once, ?3 the lease in ms, ?4
 * this call's token; with `onlyIf`, only while that SQL condition holds (else no row). Answers the
 * row as it left it and the clock: `calls`, `paused_until`, `tokens`, `now`. The call is in flight
 * when `calls` holds its token.
 */
export function acquireSql({ appKeyBudget: b }: Tables, onlyIf = 'true'): string {
  const live = `(SELECT count(*) FROM json_each(${b}.calls) AS c WHERE c.value > ${NOW})`;
  const paused = `${b}.paused_until > ${NOW}`;
  const busy = `${live} >= ?2`;
  const filled = `min(?1, coalesce(${b}.tokens, ?1) + max(0, ${NOW} - coalesce(${b}.filled_at, ${NOW})) * ?1 / 1000.0)`;
  const granted = `NOT (${paused}) AND NOT (${busy}) AND ${filled} >= 1`;
  const kept = `(SELECT coalesce(json_group_object(c.key, c.value), '{}') FROM json_each(${b}.calls) AS c WHERE c.value > ${NOW})`;
  return `UPDATE ${b} SET
  tokens = CASE WHEN ${paused} OR ${busy} THEN ${b}.tokens WHEN ${filled} >= 1 THEN ${filled} - 1 ELSE ${filled} END,
  filled_at = CASE WHEN ${paused} OR ${busy} THEN ${b}.filled_at ELSE ${NOW} END,
  calls = CASE WHEN ${granted} THEN json_set(${kept}, ${member('?4')}, ${NOW} + ?3) ELSE ${kept} END
WHERE id = 1 AND (${onlyIf})
RETURNING calls, paused_until, tokens, ${NOW} AS now`;
}

/** Frees the call ?1's place. */
export const releaseCallSql = ({ appKeyBudget }: Tables): string =>
  `UPDATE ${appKeyBudget} SET calls = json_remove(calls, ${member('?1')}) WHERE id = 1`;

/** Lengthens the pause to ?1 ms from now, never shortens it. */
export const pauseSql = ({ appKeyBudget }: Tables): string =>
  `UPDATE ${appKeyBudget} SET paused_until = max(paused_until, ${NOW} + ?1) WHERE id = 1 RETURNING id`;

/** Keeps the list ?2 (JSON) of FID ?1 for ?3 ms. */
export const setSignersSql = ({ appKeySigners }: Tables): string =>
  `INSERT INTO ${appKeySigners} (fid, list, expires_at) VALUES (?1, ?2, ${NOW} + ?3)
ON CONFLICT (fid) DO UPDATE SET list = excluded.list, expires_at = excluded.expires_at`;

/** The list of FID ?1, when one is kept. */
export const getSignersSql = ({ appKeySigners }: Tables): string =>
  `SELECT list FROM ${appKeySigners} WHERE fid = ?1 AND expires_at > ${NOW}`;

/**
 * Claims the fetch of FID ?1 with token ?2 for ?3 ms, unless another claim holds it; with `unlessKept`,
 * only while no list of the FID is kept. Answers the FID's row when taken.
 */
export function claimFetchSql({ appKeyFetches: f, appKeySigners }: Tables, unlessKept = false): string {
  const kept = unlessKept ? `NOT EXISTS (SELECT 1 FROM ${appKeySigners} WHERE fid = ?1 AND expires_at > ${NOW})` : 'true';
  return `INSERT INTO ${f} (fid, token, expires_at) SELECT ?1, ?2, ${NOW} + ?3 WHERE ${kept}
ON CONFLICT (fid) DO UPDATE SET token = excluded.token, expires_at = excluded.expires_at WHERE ${f}.expires_at <= ${NOW}
RETURNING fid`;
}

/** Ends FID ?1's fetch claim while token ?2 holds it. */
export const releaseFetchSql = ({ appKeyFetches }: Tables): string => `DELETE FROM ${appKeyFetches} WHERE fid = ?1 AND token = ?2`;

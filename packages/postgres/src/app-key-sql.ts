import type { Tables } from './tables.js';

// The app key store's statements that need more than a line. Times are the server's, in ms since
// the epoch as double precision (the budget's row keeps them so), one instant per statement.

const NOW = '(extract(epoch FROM statement_timestamp()) * 1000)::double precision';

/**
 * Takes one hub call from the budget's single row: $1 calls per second, $2 calls at once, $3 the
 * lease in ms, $4 this call's token. An UPDATE of that row, so concurrent calls queue on its lock
 * and each reads the row the one before left, in the order of redisAppKeyStore's script: the pause,
 * then the calls in flight (a JSON object of token to when its lease ends, the lapsed ones dropped),
 * then the token bucket (refilled at $1 a second, holding at most $1). Answers whether the token is
 * in flight now, with what says why not: `paused_ms`, `busy`, `tokens`.
 */
export function acquireSql({ appKeyBudget }: Tables, when = 'true'): string {
  const rate = '$1::double precision';
  const live = (row: string) => `(SELECT count(*) FROM jsonb_each(${row}.calls) AS c WHERE c.value::double precision > ${NOW})`;
  const paused = `b.paused_until > ${NOW}`;
  const busy = `${live('b')} >= $2::int`;
  const filled = `least(${rate}, coalesce(b.tokens, ${rate}) + greatest(0, ${NOW} - coalesce(b.filled_at, ${NOW})) * ${rate} / 1000)`;
  const granted = `NOT (${paused}) AND NOT (${busy}) AND ${filled} >= 1`;
  const kept = `(SELECT coalesce(jsonb_object_agg(c.key, c.value), '{}'::jsonb) FROM jsonb_each(b.calls) AS c WHERE c.value::double precision > ${NOW})`;
  return `UPDATE ${appKeyBudget} AS b SET
  tokens = CASE WHEN ${paused} OR ${busy} THEN b.tokens WHEN ${filled} >= 1 THEN ${filled} - 1 ELSE ${filled} END,
  filled_at = CASE WHEN ${paused} OR ${busy} THEN b.filled_at ELSE ${NOW} END,
  calls = CASE WHEN ${granted} THEN ${kept} || jsonb_build_object($4::text, ${NOW} + $3::double precision) ELSE ${kept} END
WHERE b.id = 1 AND ${when}
RETURNING (b.calls -> $4::text) IS NOT NULL AS granted, b.paused_until - ${NOW} AS paused_ms, ${live('b')} >= $2::int AS busy, b.tokens`;
}

/** Lengthens the pause to $1 ms from now, never shortens it. */
export function pauseSql({ appKeyBudget }: Tables): string {
  return `UPDATE ${appKeyBudget} SET paused_until = greatest(paused_until, ${NOW} + $1::double precision) WHERE id = 1 RETURNING id`;
}

/**
 * {@link acquireSql} after the FID's list and its fetch claim, in one statement ($5 the FID; $3 the
 * lease, $4 the token, as above): the list when one is kept; else the claim, taken when free or
 * lapsed; and the budget, spent only when the claim was taken. Answers one row: `list` (text, or
 * null), `claimed`, and the budget's columns (null when it was not asked).
 */
export function startLookupSql(tables: Tables): string {
  const { appKeySigners, appKeyFetches } = tables;
  return `WITH kept AS (
  SELECT list::text AS list FROM ${appKeySigners} WHERE fid = $5::bigint AND expires_at > statement_timestamp()
), claim AS (
  INSERT INTO ${appKeyFetches} AS f (fid, token, expires_at)
  SELECT $5::bigint, $4::text, statement_timestamp() + $3::bigint * interval '1 millisecond' WHERE NOT EXISTS (SELECT 1 FROM kept)
  ON CONFLICT (fid) DO UPDATE SET token = excluded.token, expires_at = excluded.expires_at WHERE f.expires_at <= statement_timestamp()
  RETURNING fid
), spent AS (
  ${acquireSql(tables, 'EXISTS (SELECT 1 FROM claim)').replace(/\n/g, '\n  ')}
)
SELECT (SELECT list FROM kept) AS list, EXISTS (SELECT 1 FROM claim) AS claimed, spent.*
FROM (SELECT 1) AS one LEFT JOIN spent ON true`;
}

/**
 * The end of a lookup's fetch, in one statement: keeps the list ($3, JSON text; none when empty) for
 * $2 ms, frees the call of token $4 and ends the FID's ($1) fetch claim held by that token.
 */
export function finishLookupSql({ appKeySigners, appKeyBudget, appKeyFetches }: Tables): string {
  return `WITH kept AS (
  INSERT INTO ${appKeySigners} (fid, list, expires_at)
  SELECT $1::bigint, nullif($3::text, '')::jsonb, statement_timestamp() + $2::bigint * interval '1 millisecond' WHERE $3::text <> ''
  ON CONFLICT (fid) DO UPDATE SET list = excluded.list, expires_at = excluded.expires_at
), freed AS (
  UPDATE ${appKeyBudget} SET calls = calls - $4::text WHERE id = 1
)
DELETE FROM ${appKeyFetches} WHERE fid = $1::bigint AND token = $4::text`;
}

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
export function acquireSql({ appKeyBudget }: Tables): string {
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
WHERE b.id = 1
RETURNING (b.calls -> $4::text) IS NOT NULL AS granted, b.paused_until - ${NOW} AS paused_ms, ${live('b')} >= $2::int AS busy, b.tokens`;
}

/** Lengthens the pause to $1 ms from now, never shortens it. */
export function pauseSql({ appKeyBudget }: Tables): string {
  return `UPDATE ${appKeyBudget} SET paused_until = greatest(paused_until, ${NOW} + $1::double precision) WHERE id = 1 RETURNING id`;
}

import type { Tables } from './tables.js';

// The notification limiter's two statements. Parameters: $1 the notificationId, $2 the targets as a
// JSON array of { fid, appFid, token }, $3 the interval, $4 the daily count, $5 the day, each a
// string, the times in milliseconds. $2 is cast through text: a driver that learns a parameter's
// type from the server (postgres.js) would otherwise encode the string as a JSON string. Every time
// is the server's (statement_timestamp(): one instant for the whole statement), so instances with
// drifting clocks agree, as the Redis limiter's use of Redis's TIME.

const NOW = 'statement_timestamp()';
const ms = (parameter: string) => `(${parameter}::bigint * interval '1 millisecond')`;
const INTERVAL = ms('$3');
const DAY = ms('$5');
const epochMs = (time: string) => `ceil(extract(epoch FROM ${time}) * 1000)::bigint`;

/**
 * One statement for a batch: the targets delivered already (a row of `notify_sent` for the user,
 * client and notificationId) are `sent`; for the others, each distinct token's row is inserted or
 * updated once, locked in token order (so two batches never deadlock), and the update always
 * writes, so RETURNING reads the row as the statement left it even when a racing batch committed it
 * first. A token is spent when its last send is past the interval and its day has room; its row
 * then says this notification and now, which is how the outcome reads it back: `allowed` when the
 * row holds this notificationId within the interval (spent now, or a retry), else `limited` until
 * the interval ends or, failing that, the day does. Answers `ord`, `outcome`, `retry_at` per target.
 */
export function claimSql({ notifyTokens, notifySent }: Tables): string {
  const recent = `t.sent_at > ${NOW} - ${INTERVAL}`;
  const reset = `t.day_start <= ${NOW} - ${DAY}`;
  const count = `(CASE WHEN ${reset} THEN 0 ELSE t.day_count END)`;
  const spend = `(NOT (${recent}) AND ${count} < $4::int)`;
  const dayStart = `(CASE WHEN ${reset} THEN ${NOW} ELSE t.day_start END)`;
  return `WITH input AS (
  SELECT (e->>'fid')::bigint AS fid, (e->>'appFid')::bigint AS app_fid, e->>'token' AS token, ord
  FROM jsonb_array_elements($2::text::jsonb) WITH ORDINALITY AS x(e, ord)
), fresh AS (
  SELECT i.ord, i.token FROM input i WHERE NOT EXISTS (
    SELECT 1 FROM ${notifySent} s
    WHERE s.notification_id = $1 AND s.fid = i.fid AND s.app_fid = i.app_fid AND s.expires_at > ${NOW})
), spent AS (
  INSERT INTO ${notifyTokens} AS t (token, notification_id, sent_at, day_start, day_count, expires_at)
  SELECT token, $1, ${NOW}, ${NOW}, 1, ${NOW} + greatest(${DAY}, ${INTERVAL})
  FROM (SELECT DISTINCT token FROM fresh) AS distinct_tokens ORDER BY token
  ON CONFLICT (token) DO UPDATE SET
    notification_id = CASE WHEN ${spend} THEN excluded.notification_id ELSE t.notification_id END,
    sent_at = CASE WHEN ${spend} THEN ${NOW} ELSE t.sent_at END,
    day_start = CASE WHEN ${spend} THEN ${dayStart} ELSE t.day_start END,
    day_count = CASE WHEN ${spend} THEN ${count} + 1 ELSE t.day_count END,
    expires_at = CASE WHEN ${spend} THEN greatest(${dayStart} + ${DAY}, ${NOW} + ${INTERVAL}) ELSE t.expires_at END
  RETURNING t.token, t.notification_id, t.sent_at, t.day_start
)
SELECT i.ord,
  CASE WHEN f.ord IS NULL THEN 'sent'
    WHEN s.notification_id = $1 AND s.sent_at > ${NOW} - ${INTERVAL} THEN 'allowed'
    ELSE 'limited' END AS outcome,
  CASE WHEN f.ord IS NULL OR (s.notification_id = $1 AND s.sent_at > ${NOW} - ${INTERVAL}) THEN NULL
    WHEN s.sent_at > ${NOW} - ${INTERVAL} THEN ${epochMs(`s.sent_at + ${INTERVAL}`)}
    ELSE ${epochMs(`s.day_start + ${DAY}`)} END AS retry_at
FROM input i LEFT JOIN fresh f ON f.ord = i.ord LEFT JOIN spent s ON s.token = i.token
ORDER BY i.ord`;
}

/**
 * Records the delivered targets ($2, as in the claim) for $3 milliseconds, $1 the notificationId,
 * and starts each one's token interval again from now ($4 the interval, $5 the day) when the token
 * was last claimed for this notificationId: the client counts the interval from when the request
 * reached it, which the answer bounds, so ours never ends before the client's (as the Redis and
 * memory limiters do).
 */
export function confirmSql({ notifyTokens, notifySent }: Tables): string {
  return `WITH input AS (
  SELECT DISTINCT (e->>'fid')::bigint AS fid, (e->>'appFid')::bigint AS app_fid, e->>'token' AS token
  FROM jsonb_array_elements($2::text::jsonb) AS e
), restarted AS (
  UPDATE ${notifyTokens} AS t SET sent_at = ${NOW}, expires_at = greatest(t.day_start + ${ms('$5')}, ${NOW} + ${ms('$4')})
  WHERE t.token IN (SELECT token FROM input) AND t.notification_id = $1 AND t.sent_at < ${NOW}
)
INSERT INTO ${notifySent} (notification_id, fid, app_fid, expires_at)
SELECT $1::text, fid, app_fid, ${NOW} + ${ms('$3')} FROM input ORDER BY 2, 3
ON CONFLICT (notification_id, fid, app_fid) DO UPDATE SET expires_at = excluded.expires_at`;
}

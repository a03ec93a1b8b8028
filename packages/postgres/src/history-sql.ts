import type { Tables } from './tables.js';

// The notification history's statements. RECORD writes one batch in one statement: its entries come
// as one JSON array ($7, rows of [fid, client, outcome, final (1 or 0), reason ('' for none)]); the
// notification's counters are merged into its row by an upsert (the row locked, so two writers'
// counts add up), each user's entry by another, and what a user's timeline keeps past its bound is
// deleted, as the Redis script does: the newest TIMELINE_LIMIT notifications whose first attempt is
// within keepMs of the batch, each with its last TIMELINE_ATTEMPTS attempts.

const MS = (parameter: string) => `(${parameter}::bigint * interval '1 millisecond')`;

/** The last `$9` elements of a JSON array, oldest first. */
const lastOf = (array: string) =>
  `(SELECT jsonb_agg(a ORDER BY o) FROM jsonb_array_elements(${array}) WITH ORDINALITY AS z(a, o) WHERE o > jsonb_array_length(${array}) - $9::integer)`;

/** $1 id, $2 title, $3 body, $4 targetUrl, $5 at (ms), $6 keepMs, $7 the entries as JSON, $8 notifications per user, $9 attempts per notification. */
export function recordHistorySql({ history, timelines }: Tables): string {
  const lapsed = 'h.expires_at <= now()';
  const stale = 't.first_at < excluded.first_at - $6::bigint';
  const summed = `(SELECT coalesce(jsonb_object_agg(key, total), '{}'::jsonb) FROM (
      SELECT key, sum(value::bigint) AS total FROM (
        SELECT key, value FROM jsonb_each_text(h.counts) UNION ALL SELECT key, value FROM jsonb_each_text(excluded.counts)
      ) AS added GROUP BY key) AS totals)`;
  return `WITH e AS (
  SELECT (x->>0)::bigint AS fid, x->>1 AS client, x->>2 AS outcome, (x->>3) = '1' AS final, x->>4 AS reason, ord
  FROM jsonb_array_elements($7::text::jsonb) WITH ORDINALITY AS r(x, ord)
),
fields AS (
  SELECT field, count(*) AS n FROM e
  CROSS JOIN LATERAL (VALUES ('c|' || e.outcome), ('k|' || e.outcome || '|' || e.client),
    (CASE WHEN e.outcome = 'failed' THEN 'r|' || coalesce(nullif(e.reason, ''), 'unknown') END)) AS f(field)
  WHERE e.final AND field IS NOT NULL
  GROUP BY field
),
notification AS (
  INSERT INTO ${history} AS h (notification_id, title, body, target_url, started_at, updated_at, counts, expires_at)
  SELECT $1::text, $2::text, $3::text, $4::text, $5::bigint, $5::bigint, coalesce((SELECT jsonb_object_agg(field, n) FROM fields), '{}'::jsonb), now() + ${MS('$6')}
  ON CONFLICT (notification_id) DO UPDATE SET
    title = CASE WHEN ${lapsed} THEN excluded.title ELSE h.title END,
    body = CASE WHEN ${lapsed} THEN excluded.body ELSE h.body END,
    target_url = CASE WHEN ${lapsed} THEN excluded.target_url ELSE h.target_url END,
    started_at = CASE WHEN ${lapsed} THEN excluded.started_at ELSE h.started_at END,
    updated_at = CASE WHEN ${lapsed} THEN excluded.updated_at ELSE greatest(h.updated_at, excluded.updated_at) END,
    counts = CASE WHEN ${lapsed} THEN excluded.counts ELSE ${summed} END,
    expires_at = excluded.expires_at
  RETURNING 1
),
users AS (
  SELECT fid, jsonb_agg(jsonb_strip_nulls(jsonb_build_object('at', $5::bigint, 'client', client, 'outcome', outcome, 'final', final,
    'reason', nullif(reason, ''))) ORDER BY ord) AS attempts
  FROM e GROUP BY fid
),
kept AS (
  SELECT t.fid, t.notification_id, t.first_at FROM ${timelines} t JOIN users u ON u.fid = t.fid WHERE t.first_at >= $5::bigint - $6::bigint
),
ranked AS (
  SELECT fid, notification_id, row_number() OVER (PARTITION BY fid ORDER BY first_at DESC, notification_id DESC) AS place FROM (
    SELECT fid, notification_id, first_at FROM kept
    UNION ALL
    SELECT fid, $1::text, $5::bigint FROM users u WHERE NOT EXISTS (SELECT 1 FROM kept k WHERE k.fid = u.fid AND k.notification_id = $1::text)
  ) AS entries
),
dropped AS (
  DELETE FROM ${timelines} t USING users u
  WHERE t.fid = u.fid AND t.notification_id <> $1::text AND (t.first_at < $5::bigint - $6::bigint
    OR (t.fid, t.notification_id) IN (SELECT fid, notification_id FROM ranked WHERE place > $8::integer))
  RETURNING 1
),
written AS (
  INSERT INTO ${timelines} AS t (fid, notification_id, title, first_at, last_at, attempts, expires_at)
  SELECT fid, $1::text, $2::text, $5::bigint, $5::bigint, ${lastOf('attempts')}, to_timestamp(($5::bigint + $6::bigint) / 1000.0)
  FROM users ORDER BY fid
  ON CONFLICT (fid, notification_id) DO UPDATE SET
    title = CASE WHEN ${stale} THEN excluded.title ELSE t.title END,
    first_at = CASE WHEN ${stale} THEN excluded.first_at ELSE t.first_at END,
    last_at = excluded.last_at,
    attempts = CASE WHEN ${stale} THEN excluded.attempts ELSE ${lastOf('t.attempts || excluded.attempts')} END,
    expires_at = CASE WHEN ${stale} THEN excluded.expires_at ELSE t.expires_at END
  RETURNING 1
)
SELECT (SELECT count(*) FROM notification) AS notifications, (SELECT count(*) FROM written) AS written, (SELECT count(*) FROM dropped) AS dropped`;
}

const COLUMNS = `notification_id, title, body, target_url, started_at::text AS started_at, updated_at::text AS updated_at, counts::text AS counts`;

/** $1 the notification's id. */
export const getHistorySql = ({ history }: Tables) => `SELECT ${COLUMNS} FROM ${history} WHERE notification_id = $1 AND expires_at > now()`;

/** $1 the cursor's startedAt (null for the first page), $2 its id, $3 the page size + 1: newest first, ties by id descending. */
export const listHistorySql = ({ history }: Tables) => `SELECT ${COLUMNS} FROM ${history}
WHERE expires_at > now() AND ($1::bigint IS NULL OR started_at < $1::bigint OR (started_at = $1::bigint AND notification_id < $2))
ORDER BY started_at DESC, notification_id DESC LIMIT $3::integer`;

/** $1 the FID, $2 the oldest firstAt kept (now - keepMs), $3 the limit: newest first. */
export const timelineSql = ({ timelines }: Tables) => `SELECT notification_id, title, first_at::text AS first_at, last_at::text AS last_at,
  attempts::text AS attempts FROM ${timelines}
WHERE fid = $1::bigint AND first_at >= $2::bigint ORDER BY first_at DESC, notification_id DESC LIMIT $3::integer`;

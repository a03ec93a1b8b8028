import type { Tables } from './tables.js';

// The open store's statements. An open is one statement: the notification's row upserted (a new
// generation when its counts had lapsed), the FID's marker row (client_fid -1) inserted when missing,
// whose insert alone decides `unique` (of racing first opens one inserts it, the others find it), and
// the row of the FID and its client counted. The counts are summed when read.

const NOW_MS = `(extract(epoch from now()) * 1000)::bigint`;

/** $1 the notification's id, $2 the FID, $3 the client FID (or null), $4 retentionMs. */
export const recordOpenSql = ({ opens, openers }: Tables) => `WITH note AS (
  INSERT INTO ${opens} AS c (notification_id, generation, expires_at)
  VALUES ($1::text, ${NOW_MS}, now() + ($4::bigint * interval '1 millisecond'))
  ON CONFLICT (notification_id) DO UPDATE SET
    generation = CASE WHEN c.expires_at <= now() THEN excluded.generation ELSE c.generation END,
    expires_at = excluded.expires_at
  RETURNING generation
),
marker AS (
  INSERT INTO ${openers} (notification_id, generation, fid, client_fid, opens)
  SELECT $1::text, generation, $2::bigint, -1, 0 FROM note
  ON CONFLICT (notification_id, generation, fid, client_fid) DO NOTHING
  RETURNING 1
),
counted AS (
  INSERT INTO ${openers} AS o (notification_id, generation, fid, client_fid, opens)
  SELECT $1::text, generation, $2::bigint, coalesce($3::bigint, 0), 1 FROM note
  ON CONFLICT (notification_id, generation, fid, client_fid) DO UPDATE SET opens = o.opens + 1
  RETURNING 1
)
SELECT (SELECT count(*) FROM marker)::text AS first, (SELECT count(*) FROM counted)::text AS counted`;

/**
 * $1 the notification's id. A row per client FID: its openers (unique opens) and opens; `0` for
 * opens that named no client, `-1` the FIDs that opened it (its count the unique opens in all).
 */
export const countOpensSql = ({ opens, openers }: Tables) => `SELECT o.client_fid::text AS client, sum(o.opens)::text AS opens,
  count(*)::text AS openers
FROM ${openers} o JOIN ${opens} c ON c.notification_id = o.notification_id AND c.generation = o.generation
WHERE c.notification_id = $1::text AND c.expires_at > now()
GROUP BY o.client_fid`;

/** Deletes the openers whose notification lapsed or began again: cleanup()'s own statement for them. */
export const purgeOpenersSql = ({ opens, openers }: Tables) => `WITH gone AS (
  DELETE FROM ${openers} o WHERE NOT EXISTS (
    SELECT 1 FROM ${opens} c WHERE c.notification_id = o.notification_id AND c.generation = o.generation AND c.expires_at > now())
  RETURNING 1
) SELECT count(*) AS n FROM gone`;

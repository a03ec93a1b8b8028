import { NOW } from './now.js';
import type { Tables } from './tables.js';

// The notification history's statements, SQLite. A batch is one call of five statements run as one
// transaction (a D1 batch(), or one request to the Durable Object); its counters and its users are
// one JSON parameter each, read with json_each, so a batch of any size binds a handful of values (D1
// takes at most 100 a statement). Times written are the batch's `at`; what lapses carries an
// `expires_at` on the database's clock, keepMs after its last write. An INSERT … SELECT with an ON
// CONFLICT clause has a WHERE, even `WHERE true`: without it SQLite reads ON as a join's.

/** The statements of `record()`, each with the parameters it takes (in order, `?1` first). */
export interface HistorySql {
  /** ?1 id: deletes the counters of a notification that lapsed, before it starts again. */
  readonly clearLapsed: string;
  /** ?1 id, ?2 title, ?3 body, ?4 targetUrl, ?5 at, ?6 keepMs: the notification, started again when it lapsed. */
  readonly upsert: string;
  /** ?1 id, ?2 the counters as JSON [[kind, outcome, name, n], …]: added to the notification's. */
  readonly count: string;
  /** ?1 id, ?2 title, ?3 at, ?4 keepMs, ?5 the users as JSON [{ fid, attempts }], ?6 attempts kept: each user's row of it. */
  readonly timeline: string;
  /** ?1 the users as JSON, ?2 notifications kept per user: deletes their lapsed rows and those past the last ?2. */
  readonly bound: string;
  /** ?1 the cursor's startedAt (or NULL), ?2 its id, ?3 the page size + 1: the page, newest first. */
  readonly page: string;
  /** The same parameters: the page's counters. */
  readonly pageCounts: string;
  /** ?1 id: the notification, when it has not lapsed. */
  readonly get: string;
  /** ?1 id: its counters. */
  readonly getCounts: string;
  /** ?1 fid, ?2 the oldest first_at kept (exclusive), ?3 the limit: the user's timeline, newest first. */
  readonly read: string;
}

export function historySql({ history: h, historyCounts: c, historyTimeline: t }: Tables): HistorySql {
  const field = (path: string) => `json_extract(e.value, '${path}')`;
  const lapsed = (table: string) => `${table}.expires_at <= ${NOW}`;
  const keep = (column: string) => `CASE WHEN ${lapsed(h)} THEN excluded.${column} ELSE ${h}.${column} END`;
  const keepEntry = (column: string) => `CASE WHEN ${lapsed(t)} THEN excluded.${column} ELSE ${t}.${column} END`;
  // The old attempts then the new, the last ?6 kept, oldest first.
  const merged = `(SELECT json_group_array(json(v)) FROM (SELECT v, k FROM (SELECT v, k FROM (
      SELECT value AS v, key AS k FROM json_each(${t}.attempts)
      UNION ALL SELECT value, 1000000 + key FROM json_each(excluded.attempts)
    ) ORDER BY k DESC LIMIT ?6) ORDER BY k))`;
  const after = `${h}.expires_at > ${NOW} AND (?1 IS NULL OR ${h}.started_at < ?1 OR (${h}.started_at = ?1 AND ${h}.notification_id < ?2))`;
  const pageIds = `SELECT notification_id FROM ${h} WHERE ${after} ORDER BY started_at DESC, notification_id DESC LIMIT ?3`;
  const columns = `notification_id, title, body, target_url, started_at, updated_at`;
  return {
    clearLapsed: `DELETE FROM ${c} WHERE notification_id = ?1 AND EXISTS (SELECT 1 FROM ${h} WHERE notification_id = ?1 AND ${lapsed(h)})`,
    upsert: `INSERT INTO ${h} (${columns}, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5, ${NOW} + ?6)
ON CONFLICT (notification_id) DO UPDATE SET
  title = ${keep('title')}, body = ${keep('body')}, target_url = ${keep('target_url')}, started_at = ${keep('started_at')},
  updated_at = CASE WHEN ${lapsed(h)} THEN excluded.updated_at ELSE max(${h}.updated_at, excluded.updated_at) END,
  expires_at = excluded.expires_at`,
    count: `INSERT INTO ${c} (notification_id, kind, outcome, name, n)
SELECT ?1, ${field('$[0]')}, ${field('$[1]')}, ${field('$[2]')}, ${field('$[3]')} FROM json_each(?2) AS e WHERE true
ON CONFLICT (notification_id, kind, outcome, name) DO UPDATE SET n = ${c}.n + excluded.n`,
    timeline: `INSERT INTO ${t} (fid, notification_id, title, first_at, last_at, attempts, expires_at)
SELECT ${field('$.fid')}, ?1, ?2, ?3, ?3, ${field('$.attempts')}, ${NOW} + ?4 FROM json_each(?5) AS e WHERE true
ON CONFLICT (fid, notification_id) DO UPDATE SET
  title = ${keepEntry('title')}, first_at = ${keepEntry('first_at')}, last_at = excluded.last_at,
  attempts = CASE WHEN ${lapsed(t)} THEN excluded.attempts ELSE ${merged} END,
  expires_at = excluded.expires_at`,
    // Each user's live rows ranked newest first (by when the notification first reached them), apart
    // from their lapsed ones: both past the bound and lapsed go.
    bound: `DELETE FROM ${t} WHERE (fid, notification_id) IN (
  SELECT fid, notification_id FROM (
    SELECT fid, notification_id, ${lapsed(t)} AS dead,
      row_number() OVER (PARTITION BY fid, ${lapsed(t)} ORDER BY first_at DESC, notification_id DESC) AS r
    FROM ${t} WHERE fid IN (SELECT ${field('$.fid')} FROM json_each(?1) AS e)
  ) WHERE dead OR r > ?2
)`,
    page: `SELECT ${columns} FROM ${h} WHERE ${after} ORDER BY started_at DESC, notification_id DESC LIMIT ?3`,
    pageCounts: `SELECT notification_id, kind, outcome, name, n FROM ${c} WHERE notification_id IN (${pageIds})`,
    get: `SELECT ${columns} FROM ${h} WHERE notification_id = ?1 AND ${h}.expires_at > ${NOW}`,
    getCounts: `SELECT notification_id, kind, outcome, name, n FROM ${c} WHERE notification_id = ?1`,
    read: `SELECT notification_id, title, first_at, last_at, attempts FROM ${t}
WHERE fid = ?1 AND ${t}.expires_at > ${NOW} AND first_at > ?2 ORDER BY first_at DESC, notification_id DESC LIMIT ?3`,
  };
}

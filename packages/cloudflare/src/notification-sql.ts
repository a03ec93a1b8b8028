import { NOW } from './now.js';
import type { Tables } from './tables.js';

// The notification limiter's statements, SQLite. The targets are one parameter, a JSON array of
// { fid, appFid, token } read with json_each, so a batch of any size binds a handful of values
// (D1 takes at most 100 a statement). Times are the database's, in ms. An INSERT … SELECT with an
// ON CONFLICT clause has a WHERE, even `WHERE true`: without it SQLite reads ON as a join's.

const field = (name: string) => `json_extract(e.value, '$.${name}')`;
const SENT_NOW = (notifySent: string) =>
  `EXISTS (SELECT 1 FROM ${notifySent} s WHERE s.notification_id = ?1 AND s.fid = ${field('fid')} AND s.app_fid = ${field('appFid')} AND s.expires_at > ${NOW})`;

/**
 * The claim, two statements run as one transaction. The first spends, for each distinct token of
 * the targets not delivered already (no row of `notify_sent` for the user, client and
 * notificationId), the token's send when its last one is past the interval and its day has room: its
 * row then says this notification and now. The second reads each target's outcome: `sent`; `allowed`
 * when its token's row holds this notificationId within the interval (spent now, or a retry); else
 * `limited` until the interval ends or, failing that, the day does. Parameters: ?1 the
 * notificationId, ?2 the targets, ?3 the interval, ?4 the daily count, ?5 the day.
 */
export function claimStatements({ notifyTokens: t, notifySent }: Tables): [string, string] {
  const recent = `${t}.sent_at > ${NOW} - ?3`;
  const reset = `${t}.day_start <= ${NOW} - ?5`;
  const count = `(CASE WHEN ${reset} THEN 0 ELSE ${t}.day_count END)`;
  const spend = `(NOT (${recent}) AND ${count} < ?4)`;
  const dayStart = `(CASE WHEN ${reset} THEN ${NOW} ELSE ${t}.day_start END)`;
  const spent = `INSERT INTO ${t} (token, notification_id, sent_at, day_start, day_count, expires_at, claim_id)
SELECT DISTINCT ${field('token')}, ?1, ${NOW}, ${NOW}, 1, ${NOW} + max(?5, ?3), ?6
FROM json_each(?2) AS e WHERE NOT ${SENT_NOW(notifySent)}
ON CONFLICT (token) DO UPDATE SET
  notification_id = CASE WHEN ${spend} THEN excluded.notification_id ELSE ${t}.notification_id END,
  sent_at = CASE WHEN ${spend} THEN ${NOW} ELSE ${t}.sent_at END,
  day_start = CASE WHEN ${spend} THEN ${dayStart} ELSE ${t}.day_start END,
  day_count = CASE WHEN ${spend} THEN ${count} + 1 ELSE ${t}.day_count END,
  expires_at = CASE WHEN ${spend} THEN max(${dayStart} + ?5, ${NOW} + ?3) ELSE ${t}.expires_at END,
  claim_id = CASE WHEN ${spend} THEN excluded.claim_id ELSE ${t}.claim_id END`;
  const allowed = `(t.claim_id = ?6 OR (t.notification_id = ?1 AND t.sent_at > ${NOW} - ?3))`;
  const outcomes = `SELECT CAST(e.key AS INTEGER) AS ord,
  CASE WHEN ${SENT_NOW(notifySent)} THEN 'sent' WHEN ${allowed} THEN 'allowed' ELSE 'limited' END AS outcome,
  CASE WHEN ${SENT_NOW(notifySent)} OR ${allowed} THEN NULL
    WHEN t.sent_at > ${NOW} - ?3 THEN t.sent_at + ?3
    ELSE t.day_start + ?5 END AS retry_at
FROM json_each(?2) AS e LEFT JOIN ${t} AS t ON t.token = ${field('token')}
ORDER BY e.key`;
  return [spent, outcomes];
}

/**
 * The confirmation, two statements run as one transaction: records the delivered targets for ?3 ms,
 * and starts each token's interval again from now when it was last claimed for this notificationId
 * (the client counts from when the request reached it, docs/contract.md §Senders, "Notifications,
 * sent"). Parameters of both: ?1 the notificationId, ?2 the targets; of the first ?3 the dedupe
 * window; of the second ?3 the interval, ?4 the day.
 */
export function confirmStatements({ notifyTokens: t, notifySent }: Tables): [string, string] {
  return [
    `INSERT INTO ${notifySent} (notification_id, fid, app_fid, expires_at)
SELECT DISTINCT ?1, ${field('fid')}, ${field('appFid')}, ${NOW} + ?3 FROM json_each(?2) AS e WHERE true
ON CONFLICT (notification_id, fid, app_fid) DO UPDATE SET expires_at = excluded.expires_at`,
    `UPDATE ${t} SET sent_at = ${NOW}, expires_at = max(day_start + ?4, ${NOW} + ?3)
WHERE notification_id = ?1 AND sent_at < ${NOW} AND token IN (SELECT ${field('token')} FROM json_each(?2) AS e)`,
  ];
}

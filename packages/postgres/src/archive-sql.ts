import type { Tables } from './tables.js';

// The delivery archive's statements, one per call. Ids are core's newArchiveId (arrival time first,
// so they sort as deliveries arrived) in a `COLLATE "C"` column: the window, the order and the
// cursor are ranges of the primary key. A body travels as hex (every value a string) into `bytea`.

const MS = (parameter: string) => `(${parameter}::bigint * interval '1 millisecond')`;

/** What get and list answer of a row. */
export const DELIVERY_COLUMNS = `id, sender, event_name, code, status::text AS status, received_at::text AS received_at, delivery_key,
  headers::text AS headers, encode(body, 'hex') AS body, body_as_received::text AS body_as_received, event::text AS event, replays::text AS replays,
  last_replay::text AS last_replay`;

/**
 * $1 id, $2 sender, $3 eventName, $4 code, $5 status, $6 receivedAt, $7 deliveryKey (or null),
 * $8 headers JSON, $9 body hex, $10 bodyAsReceived, $11 event JSON, $12 keepMs, $13 the lowest id
 * still kept (now - keepMs), $14 maxDeliveries. Keeps the delivery and drops those past the bounds.
 */
export const addDeliverySql = ({ archive }: Tables) => `WITH added AS (
  INSERT INTO ${archive} (id, sender, event_name, code, status, received_at, delivery_key, headers, body, body_as_received, event, expires_at)
  VALUES ($1::text, $2::text, $3::text, $4::text, $5::integer, $6::bigint, $7::text, $8::text::json, decode($9::text, 'hex'), $10::text::boolean, $11::text::json,
    now() + ${MS('$12')})
  RETURNING seq
),
aged AS (DELETE FROM ${archive} WHERE id < $13::text RETURNING 1),
over AS (DELETE FROM ${archive} WHERE seq <= (SELECT seq FROM added) - $14::bigint RETURNING 1)
SELECT (SELECT count(*) FROM aged) + (SELECT count(*) FROM over) AS dropped`;

/** $1 id, $2 status, $3 code. */
export const settleSql = ({ archive }: Tables) => `UPDATE ${archive} SET status = $2::integer, code = $3::text WHERE id = $1::text`;

/** $1 id, $2 the outcome JSON, $3 the checkpoint's name (or null), $4 its JSON, $5 keepMs. */
export const recordReplaySql = ({ archive, archiveReplays }: Tables) => `WITH marked AS (
  UPDATE ${archive} SET replays = replays + 1, last_replay = $2::text::json WHERE id = $1::text RETURNING 1
)
INSERT INTO ${archiveReplays} (name, checkpoint, expires_at) SELECT $3::text, $4::text::json, now() + ${MS('$5')} WHERE $3::text IS NOT NULL
ON CONFLICT (name) DO UPDATE SET checkpoint = excluded.checkpoint, expires_at = excluded.expires_at`;

/** $1 the name, $2 the checkpoint JSON, $3 keepMs. */
export const saveCheckpointSql = ({ archiveReplays }: Tables) => `INSERT INTO ${archiveReplays} (name, checkpoint, expires_at)
VALUES ($1::text, $2::text::json, now() + ${MS('$3')})
ON CONFLICT (name) DO UPDATE SET checkpoint = excluded.checkpoint, expires_at = excluded.expires_at`;

/** $1 the name. */
export const checkpointSql = ({ archiveReplays }: Tables) =>
  `SELECT checkpoint::text AS checkpoint FROM ${archiveReplays} WHERE name = $1::text AND expires_at > now()`;

/** $1 id. */
export const getDeliverySql = ({ archive }: Tables) =>
  `SELECT ${DELIVERY_COLUMNS} FROM ${archive} WHERE id = $1::text AND expires_at > now()`;

/**
 * $1 the lowest id (since), $2 the id bound above (until), $3 the cursor, $4 sender, $5 eventName,
 * $6 code (each null for none), $7 the page size + 1. Oldest first (`asc`) or newest first.
 */
export function listDeliveriesSql({ archive }: Tables, order: 'asc' | 'desc'): string {
  const after = order === 'asc' ? '>' : '<';
  return `SELECT ${DELIVERY_COLUMNS} FROM ${archive}
WHERE expires_at > now() AND ($1::text IS NULL OR id >= $1::text) AND ($2::text IS NULL OR id < $2::text)
  AND ($3::text IS NULL OR id ${after} $3::text) AND ($4::text IS NULL OR sender = $4::text)
  AND ($5::text IS NULL OR event_name = $5::text) AND ($6::text IS NULL OR code = $6::text)
ORDER BY id ${order.toUpperCase()} LIMIT $7::integer`;
}

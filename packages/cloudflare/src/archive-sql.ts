import type { ResolvedQuery } from '@social-webhooks/core';
import { NOW } from './now.js';
import type { SqlValue, Statement } from './sql-runner.js';
import type { Tables } from './tables.js';

// The delivery archive's statements, SQLite. Ids sort as deliveries arrived (core's newArchiveId),
// so the primary key is the archive's order: a window is a range of it, a page starts after the
// last id of the one before. The body is bound as a BLOB and read as hex(body) (blob.ts). The
// archive's size is kept in `<prefix>archive_size`, updated by SQLite's changes() after each write,
// so maxDeliveries is checked without counting the table.

/** At most this many deliveries are dropped by one add, as the Redis archive does. */
const TRIM_BATCH = 100;

/** The columns a record is read from, the body as hex. */
const COLUMNS = `id, sender, event_name, code, status, received_at, delivery_key, headers, hex(body) AS body, body_as_received, event, replays, last_replay`;

/** The values of a new delivery's row, in the order of `add`'s INSERT (?1 to ?11). */
export type ArchiveRow = readonly [
  id: string,
  sender: string,
  eventName: string,
  code: string,
  status: number,
  receivedAt: number,
  deliveryKey: string | null,
  headers: string,
  body: Uint8Array,
  bodyAsReceived: number,
  event: string,
];

export function archiveSql({ archive: a, archiveSize: size, archiveCheckpoints: cp }: Tables) {
  const resize = (sign: '+' | '-') => `UPDATE ${size} SET n = max(0, n ${sign} changes()) WHERE id = 1`;
  const live = `${a}.expires_at > ${NOW}`;
  return {
    /**
     * Keeps a delivery and drops, at most 100 each, those older than `floor` and the oldest past
     * `maxDeliveries`, in one transaction: the INSERT, then each DELETE followed by the size's update.
     */
    add(row: ArchiveRow, keepMs: number, floor: string, maxDeliveries: number): Statement[] {
      return [
        {
          sql: `INSERT INTO ${a} (id, sender, event_name, code, status, received_at, delivery_key, headers, body, body_as_received, event, replays, last_replay, expires_at)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 0, NULL, ${NOW} + ?12)`,
          params: [...row, keepMs],
        },
        { sql: resize('+'), params: [] },
        { sql: `DELETE FROM ${a} WHERE id IN (SELECT id FROM ${a} WHERE id < ?1 ORDER BY id LIMIT ${TRIM_BATCH})`, params: [floor] },
        { sql: resize('-'), params: [] },
        {
          sql: `DELETE FROM ${a} WHERE id IN (SELECT id FROM ${a} ORDER BY id
LIMIT min(${TRIM_BATCH}, max(0, (SELECT n FROM ${size} WHERE id = 1) - ?1)))`,
          params: [maxDeliveries],
        },
        { sql: resize('-'), params: [] },
      ];
    },
    settle: `UPDATE ${a} SET status = ?2, code = ?3 WHERE id = ?1`,
    replayed: `UPDATE ${a} SET replays = replays + 1, last_replay = ?2 WHERE id = ?1`,
    saveCheckpoint: `INSERT INTO ${cp} (name, value, expires_at) VALUES (?1, ?2, ${NOW} + ?3)
ON CONFLICT (name) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
    checkpoint: `SELECT value FROM ${cp} WHERE name = ?1 AND expires_at > ${NOW}`,
    /** ?1 id, ?2 the lowest id kept. */
    get: `SELECT ${COLUMNS} FROM ${a} WHERE id = ?1 AND id >= ?2 AND ${live}`,
    /** A page of `query`, one more than its limit to tell whether another follows. */
    list(query: ResolvedQuery, floor: string, idFloor: (ms: number) => string): Statement {
      const params: SqlValue[] = [];
      const bind = (value: SqlValue) => `?${params.push(value)}`;
      const low = query.since === undefined ? floor : [floor, idFloor(query.since)].sort().at(-1)!;
      const where = [`id >= ${bind(low)}`, live];
      if (query.until !== undefined) where.push(`id < ${bind(idFloor(query.until))}`);
      const ascending = query.order === 'asc';
      if (query.cursor !== undefined) where.push(`id ${ascending ? '>' : '<'} ${bind(query.cursor)}`);
      if (query.sender !== undefined) where.push(`sender = ${bind(query.sender)}`);
      if (query.eventName !== undefined) where.push(`event_name = ${bind(query.eventName)}`);
      if (query.code !== undefined) where.push(`code = ${bind(query.code)}`);
      const sql = `SELECT ${COLUMNS} FROM ${a} WHERE ${where.join(' AND ')} ORDER BY id ${ascending ? 'ASC' : 'DESC'} LIMIT ${bind(query.limit + 1)}`;
      return { sql, params };
    },
  };
}

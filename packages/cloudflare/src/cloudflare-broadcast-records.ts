import { resolveKeepMs, type BroadcastRecord, type BroadcastRecordStore, type RecordCancel } from '@social-webhooks/core';
import { optionsError } from './errors.js';
import { NOW } from './now.js';
import { storageOf, type CloudflareStoreOptions } from './storage.js';

/** A JSON path to the live batch `parameter` names, in the record (`$.live."<batch>"`). */
const liveMember = (parameter: string): string => `'$.live."' || ${parameter} || '"'`;

/** Options of {@link cloudflareBroadcastRecords}: the storage, the tables' prefix, and how long a broadcast is kept. */
export type CloudflareBroadcastRecordsOptions = CloudflareStoreOptions & {
  /** How long a broadcast is kept after `start()`, done or not, in milliseconds. Default 604,800,000 (7 days). */
  readonly keepMs?: number;
};

/**
 * Where resumable broadcasts (`createBroadcasts`) keep their progress in D1 or a Durable Object (the
 * `<prefix>broadcasts` table: the record as JSON with its cancel flag and live batches, the lease's
 * owner and end), so a Cron Trigger's run continues where the last one stopped. Each call is one
 * statement (`cancel` two, in one transaction), one call to the storage, on the database's clock:
 * `acquire` takes the lease in one conditional UPDATE (of two runs at once, one gets it), `save`
 * replaces the state only while its owner still holds it, `goLive` marks a batch live only while the
 * cancel flag is not set.
 *
 * @param options `d1` or `durableObject` (and `name`), `prefix` (default `social_webhooks_`), `keepMs` (default 7 days).
 * @throws {WebhookError} `invalid_options` when neither binding is given, the binding is not of its kind, `prefix` is not a plain lower-case name, or `keepMs` is not a positive integer.
 * @example
 * const broadcasts = createBroadcasts({ store: tokens, limiter, records: cloudflareBroadcastRecords({ d1: env.DB }) });
 */
export function cloudflareBroadcastRecords(options: CloudflareBroadcastRecordsOptions): BroadcastRecordStore {
  const name = 'cloudflareBroadcastRecords()';
  const { runner, tables } = storageOf(options, name);
  const keepMs = resolveKeepMs(options.keepMs, (message) => {
    throw optionsError(`${name}: ${message}`);
  });
  const b = tables.broadcasts;
  const live = `${b}.expires_at > ${NOW}`;
  // A lapsed record of the same id is replaced, as if absent; RETURNING answers a row only when written.
  const CREATE = `INSERT INTO ${b} (id, record, created_at, done, owner, lease_until, expires_at) VALUES (?1, ?2, ?3, ?4, NULL, 0, ${NOW} + ?5)
ON CONFLICT (id) DO UPDATE SET record = excluded.record, created_at = excluded.created_at, done = excluded.done, owner = NULL,
  lease_until = 0, expires_at = excluded.expires_at WHERE NOT (${live})
RETURNING id`;
  // The record without its live batches (kept in it, as the cancel flag, beside the state that save replaces).
  const GET = `SELECT json_remove(record, '$.live') AS record FROM ${b} WHERE id = ?1 AND ${live}`;
  const ACQUIRE = `UPDATE ${b} SET owner = ?2, lease_until = ${NOW} + ?3
WHERE id = ?1 AND ${live} AND NOT done AND (owner IS NULL OR owner = ?2 OR lease_until <= ${NOW}) RETURNING id`;
  // Past its lease but taken by no one since, the owner still holds it: nothing else worked on it.
  const SAVE = `UPDATE ${b} SET record = json_set(record, '$.state', json(?3)), done = ?4, lease_until = ${NOW} + ?5
WHERE id = ?1 AND owner = ?2 AND ${live} RETURNING id`;
  const RELEASE = `UPDATE ${b} SET owner = NULL WHERE id = ?1 AND owner = ?2`;
  const UNFINISHED = `SELECT id FROM ${b} WHERE NOT done AND ${live} ORDER BY created_at, id LIMIT ?1`;
  const CANCEL = `UPDATE ${b} SET record = json_set(record, '$.cancelledAt', ${NOW})
WHERE id = ?1 AND ${live} AND NOT done AND json_extract(record, '$.cancelledAt') IS NULL RETURNING id`;
  const FLAG = `SELECT done, json_extract(record, '$.cancelledAt') AS cancelled_at FROM ${b} WHERE id = ?1 AND ${live}`;
  // One statement: SQLite runs one writer at a time, so a cancel's UPDATE is wholly before or after it.
  const GO_LIVE = `UPDATE ${b} SET record = json_set(
  json_set(record, '$.live', json((SELECT json_group_object(key, value) FROM json_each(record, '$.live') WHERE value > ${NOW}))),
  ${liveMember('?2')}, ${NOW} + ?3)
WHERE id = ?1 AND ${live} AND json_extract(record, '$.cancelledAt') IS NULL RETURNING id`;
  const LEAVE = `UPDATE ${b} SET record = json_remove(record, ${liveMember('?2')}) WHERE id = ?1`;
  const LIVE = `SELECT count(*) AS live FROM ${b}, json_each(${b}.record, '$.live') WHERE ${b}.id = ?1 AND json_each.value > ${NOW}`;
  const one = async (sql: string, params: (string | number)[]) => (await runner.run([{ sql, params }]))[0] ?? [];
  const recordOf = (text: unknown) => JSON.parse(String(text)) as BroadcastRecord;

  return {
    async create(record) {
      const text = JSON.stringify(record);
      const [created = [], [held] = []] = await runner.run([
        { sql: CREATE, params: [record.id, text, record.createdAt, record.state.done ? 1 : 0, keepMs] },
        { sql: GET, params: [record.id] },
      ]);
      if (held === undefined) throw new Error(`@social-webhooks/cloudflare: the broadcast ${record.id} was not kept; is keepMs positive?`);
      return { created: created.length > 0, record: recordOf(held['record']) };
    },
    async get(id) {
      const [row] = await one(GET, [id]);
      return row === undefined ? undefined : recordOf(row['record']);
    },
    async acquire(id, owner, leaseMs) {
      return (await one(ACQUIRE, [id, owner, Math.ceil(leaseMs)])).length > 0;
    },
    async save(id, owner, state, leaseMs) {
      return (await one(SAVE, [id, owner, JSON.stringify(state), state.done ? 1 : 0, Math.ceil(leaseMs)])).length > 0;
    },
    async release(id, owner) {
      await one(RELEASE, [id, owner]);
    },
    async unfinished(limit) {
      return (await one(UNFINISHED, [limit])).map((row) => String(row['id']));
    },
    async cancel(id): Promise<RecordCancel> {
      // One call, one transaction: the flag set if it can be, then what is there.
      const [set = [], [row] = []] = await runner.run([
        { sql: CANCEL, params: [id] },
        { sql: FLAG, params: [id] },
      ]);
      if (set.length > 0) return 'cancelled';
      if (row === undefined) return 'unknown';
      return row['cancelled_at'] !== null && row['cancelled_at'] !== undefined ? 'cancelled-already' : 'finished-already';
    },
    async goLive(id, batch, liveMs) {
      return (await one(GO_LIVE, [id, batch, Math.ceil(liveMs)])).length > 0;
    },
    async leave(id, batch) {
      await one(LEAVE, [id, batch]);
    },
    async live(id) {
      const [row] = await one(LIVE, [id]);
      return Number(row?.['live'] ?? 0);
    },
  };
}

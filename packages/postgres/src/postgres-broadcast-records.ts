import {
  resolveKeepMs,
  type BroadcastPlan,
  type BroadcastRecord,
  type BroadcastRecordStore,
  type BroadcastState,
  type RecordCancel,
} from '@social-webhooks/core';
import { checkClient, optionsError, run, type PostgresQueryable, type PostgresRow } from './query.js';
import { tablesOf } from './tables.js';

/** Options of {@link postgresBroadcastRecords}. */
export interface PostgresBroadcastRecordsOptions {
  /** A `pg` Pool or Client, Neon's Pool, `fromPostgresJs(sql)`, or any {@link PostgresQueryable}. Required. */
  readonly client: PostgresQueryable;
  /** The tables' prefix, as given to `migrate()`. Default `social_webhooks_`. */
  readonly prefix?: string;
  /** How long a broadcast is kept after `start()`, done or not, in milliseconds. Default 604,800,000 (7 days). */
  readonly keepMs?: number;
}

/**
 * Where resumable broadcasts (`createBroadcasts` of `@social-webhooks/core`) keep their progress in
 * PostgreSQL: the `<prefix>broadcasts` table, a row per broadcast (its plan and state as `jsonb`, the
 * lease's `owner` and `lease_until`, the cancel flag `cancelled_at` and the `live` batches), lapsing `keepMs` after it is created (`cleanup()` deletes it
 * then). Each call is one statement: `create` an `INSERT … ON CONFLICT`, `acquire` and `save` an
 * `UPDATE` whose `WHERE` is the lease, timed by the server's clock, so two runs never both hold it.
 *
 * @param options `client` (required), `prefix` (default `social_webhooks_`), `keepMs` (default 7 days).
 * @throws {WebhookError} `invalid_options` when `client` has no `query` method, `prefix` is not a plain lower-case name, or `keepMs` not a positive integer.
 * @example
 * const broadcasts = createBroadcasts({ store: postgresTokenStore({ client: pool }), limiter: postgresNotificationLimiter({ client: pool }), records: postgresBroadcastRecords({ client: pool }) });
 */
export function postgresBroadcastRecords(options: PostgresBroadcastRecordsOptions): BroadcastRecordStore {
  if (typeof options !== 'object' || options === null) {
    throw optionsError('postgresBroadcastRecords() takes an options object: postgresBroadcastRecords({ client }).');
  }
  const client = checkClient(options.client, 'postgresBroadcastRecords()');
  const { broadcasts: table } = tablesOf(options.prefix, 'postgresBroadcastRecords()');
  const keepMs = resolveKeepMs(options.keepMs, (message) => {
    throw optionsError(`postgresBroadcastRecords(): ${message}`);
  });
  const ms = (parameter: string) => `(${parameter}::bigint * interval '1 millisecond')`;
  // An unlapsed row stays; a lapsed one (cleanup() has not run yet) is replaced.
  const CREATE = `INSERT INTO ${table} AS b (id, created_at, plan, state, expires_at)
VALUES ($1, $2::bigint, $3::text::jsonb, $4::text::jsonb, now() + ${ms('$5')})
ON CONFLICT (id) DO UPDATE SET created_at = excluded.created_at, plan = excluded.plan, state = excluded.state, done = false,
  owner = NULL, lease_until = NULL, expires_at = excluded.expires_at, cancelled_at = NULL, live = '{}'::jsonb
WHERE b.expires_at <= now()
RETURNING id`;
  const GET = `SELECT created_at::text AS created_at, plan::text AS plan, state::text AS state, cancelled_at::text AS cancelled_at
FROM ${table} WHERE id = $1 AND expires_at > now()`;
  const ACQUIRE = `UPDATE ${table} SET owner = $2, lease_until = now() + ${ms('$3')}
WHERE id = $1 AND NOT done AND expires_at > now() AND (owner IS NULL OR owner = $2 OR lease_until <= now())
RETURNING id`;
  const SAVE = `UPDATE ${table} SET state = $3::text::jsonb, done = $4::text::boolean, lease_until = now() + ${ms('$5')}
WHERE id = $1 AND owner = $2
RETURNING id`;
  const RELEASE = `UPDATE ${table} SET owner = NULL, lease_until = NULL WHERE id = $1 AND owner = $2`;
  const UNFINISHED = `SELECT id FROM ${table} WHERE NOT done AND expires_at > now() ORDER BY created_at, id LIMIT $1::integer`;
  // The row locked first (FOR UPDATE), so of two cancels one sets the flag and the other reads it.
  const CANCEL = `UPDATE ${table} AS b SET cancelled_at = CASE WHEN b.done OR old.cancelled_at IS NOT NULL THEN old.cancelled_at ELSE ${NOW_MS} END
FROM (SELECT cancelled_at FROM ${table} WHERE id = $1 AND expires_at > now() FOR UPDATE) AS old
WHERE b.id = $1
RETURNING b.done, old.cancelled_at IS NOT NULL AS earlier`;
  // One UPDATE of the broadcast's row: a cancel's UPDATE of it waits for this one, or this one, waiting
  // for the cancel's, reads its flag (READ COMMITTED reads the row again): never both pass.
  const GO_LIVE = `UPDATE ${table} SET live = (SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(live)
  WHERE (value #>> '{}')::bigint > ${NOW_MS}) || jsonb_build_object($2::text, ${NOW_MS} + $3::bigint)
WHERE id = $1 AND cancelled_at IS NULL AND expires_at > now()
RETURNING id`;
  const LEAVE = `UPDATE ${table} SET live = live - $2::text WHERE id = $1`;
  const LIVE = `SELECT count(*)::integer AS live FROM ${table}, jsonb_each(live) WHERE id = $1 AND (value #>> '{}')::bigint > ${NOW_MS}`;

  return {
    async create(record) {
      const { id, createdAt, plan, state } = record;
      const values = [id, String(createdAt), JSON.stringify(plan), JSON.stringify(state), String(keepMs)];
      // Again when the row there lapsed between the two statements.
      for (;;) {
        if ((await run(client, CREATE, values)).length > 0)
          return { created: true, record: JSON.parse(JSON.stringify(record)) as BroadcastRecord };
        const [row] = await run(client, GET, [id]);
        if (row !== undefined) return { created: false, record: toRecord(id, row) };
      }
    },
    async get(id) {
      const [row] = await run(client, GET, [id]);
      return row === undefined ? undefined : toRecord(id, row);
    },
    async acquire(id, owner, leaseMs) {
      return (await run(client, ACQUIRE, [id, owner, String(leaseMs)])).length > 0;
    },
    async save(id, owner, state, leaseMs) {
      return (await run(client, SAVE, [id, owner, JSON.stringify(state), String(state.done), String(leaseMs)])).length > 0;
    },
    async release(id, owner) {
      await run(client, RELEASE, [id, owner]);
    },
    async unfinished(limit) {
      return (await run(client, UNFINISHED, [String(limit)])).map((row) => String(row['id']));
    },
    async cancel(id): Promise<RecordCancel> {
      const [row] = await run(client, CANCEL, [id]);
      if (row === undefined) return 'unknown';
      if (row['earlier'] === true) return 'cancelled-already';
      return row['done'] === true ? 'finished-already' : 'cancelled';
    },
    async goLive(id, batch, liveMs) {
      return (await run(client, GO_LIVE, [id, batch, String(Math.ceil(liveMs))])).length > 0;
    },
    async leave(id, batch) {
      await run(client, LEAVE, [id, batch]);
    },
    async live(id) {
      const [row] = await run(client, LIVE, [id]);
      return Number(row?.['live'] ?? 0);
    },
  };
}

/** The server's clock in milliseconds since the epoch, as a bigint. */
const NOW_MS = `(extract(epoch FROM clock_timestamp()) * 1000)::bigint`;

function toRecord(id: string, row: PostgresRow): BroadcastRecord {
  const cancelledAt = row['cancelled_at'];
  return {
    id,
    createdAt: Number(row['created_at']),
    plan: JSON.parse(String(row['plan'])) as BroadcastPlan,
    state: JSON.parse(String(row['state'])) as BroadcastState,
    ...(cancelledAt !== null && cancelledAt !== undefined && { cancelledAt: Number(cancelledAt) }),
  };
}

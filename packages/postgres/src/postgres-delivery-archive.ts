import {
  DEFAULT_ARCHIVE_KEEP_MS,
  idFloor,
  newArchiveId,
  refusalCounter,
  resolveQuery,
  type AnyEvent,
  type ArchivedDelivery,
  type DeliveryArchive,
  type ReplayCheckpoint,
} from '@social-webhooks/core';
import {
  addDeliverySql,
  checkpointSql,
  getDeliverySql,
  listDeliveriesSql,
  recordReplaySql,
  saveCheckpointSql,
  settleSql,
} from './archive-sql.js';
import { fromHex, toHex } from './hex-bytes.js';
import { checkClient, optionsError, run, type PostgresQueryable, type PostgresRow } from './query.js';
import { runRetried } from './run-retried.js';
import { tablesOf } from './tables.js';

/** Options of {@link postgresDeliveryArchive}. */
export interface PostgresDeliveryArchiveOptions {
  /** A `pg` Pool or Client, Neon's Pool, `fromPostgresJs(sql)`, or any {@link PostgresQueryable}. Required. */
  readonly client: PostgresQueryable;
  /** The tables' prefix, as given to `migrate()`. Default `social_webhooks_`. */
  readonly prefix?: string;
  /** How long a delivery is kept, in ms. Default 604,800,000 (7 days). */
  readonly keepMs?: number;
  /** The most deliveries kept; past it the oldest are dropped. Default 100,000. */
  readonly maxDeliveries?: number;
  /** The longest wait for one call, in ms. Default 1000. */
  readonly timeoutMs?: number;
}

/** 100,000 deliveries, as the Redis archive's default. */
export const DEFAULT_POSTGRES_ARCHIVE_DELIVERIES = 100_000;

/**
 * A delivery archive (the `archive` option of a receiver, read by `replay()`) in PostgreSQL, shared
 * by every instance and by a replay in another process: a row per delivery in `<prefix>archive`
 * (the body's exact bytes in `bytea`, the headers that matter and the event as `json`, never a
 * secret), the replays' checkpoints in `<prefix>archive_replays`. Each call is one statement:
 * keeping a delivery drops, in the same statement, those older than `keepMs` and those past the
 * last `maxDeliveries` kept; recording a replay saves its checkpoint with it. Refusals (forgeries
 * among them) are counted in this process, never stored.
 *
 * @param options `client` (required), `prefix` (default `social_webhooks_`), `keepMs` (default 7 days), `maxDeliveries` (default 100,000), `timeoutMs` (default 1000).
 * @throws {WebhookError} `invalid_options` when `client` has no `query` method, `prefix` is not a plain lower-case name, or a bound is not a positive whole number.
 * @example
 * const archive = postgresDeliveryArchive({ client: pool, keepMs: 3 * 24 * 60 * 60 * 1000 });
 * app.post('/webhook', webhookHandler({ sender, on, archive }));
 */
export function postgresDeliveryArchive(options: PostgresDeliveryArchiveOptions): DeliveryArchive {
  const name = 'postgresDeliveryArchive()';
  const fail = (message: string): never => {
    throw optionsError(`${name}: ${message}`);
  };
  if (typeof options !== 'object' || options === null)
    throw optionsError(`${name} takes an options object: postgresDeliveryArchive({ client }).`);
  const client = checkClient(options.client, name);
  const tables = tablesOf(options.prefix, name);
  const keepMs = positive(options.keepMs, 'keepMs', DEFAULT_ARCHIVE_KEEP_MS, fail);
  const maxDeliveries = positive(options.maxDeliveries, 'maxDeliveries', DEFAULT_POSTGRES_ARCHIVE_DELIVERIES, fail);
  const timeoutMs = positive(options.timeoutMs, 'timeoutMs', 1000, fail);
  const ADD = addDeliverySql(tables);
  const SETTLE = settleSql(tables);
  const REPLAYED = recordReplaySql(tables);
  const SAVE = saveCheckpointSql(tables);
  const CHECKPOINT = checkpointSql(tables);
  const GET = getDeliverySql(tables);
  const LIST = { asc: listDeliveriesSql(tables, 'asc'), desc: listDeliveriesSql(tables, 'desc') };
  const refused = refusalCounter();

  return {
    timeoutMs,
    async add(delivery) {
      const id = newArchiveId(delivery.receivedAt);
      await runRetried(client, ADD, [
        id,
        delivery.sender,
        delivery.eventName,
        delivery.code,
        String(delivery.status),
        String(delivery.receivedAt),
        delivery.deliveryKey ?? null,
        JSON.stringify(delivery.headers),
        toHex(delivery.body),
        String(delivery.bodyAsReceived),
        JSON.stringify(delivery.event),
        String(keepMs),
        idFloor(Date.now() - keepMs),
        String(maxDeliveries),
      ]);
      return id;
    },
    async settle(id, { status, code }) {
      await run(client, SETTLE, [id, String(status), code]);
    },
    async recordReplay(id, outcome, checkpoint) {
      const saved = checkpoint === undefined ? [null, null] : [checkpoint.name, JSON.stringify(checkpoint.value)];
      await run(client, REPLAYED, [id, JSON.stringify(outcome), ...saved, String(keepMs)]);
    },
    async saveCheckpoint(checkpointName, value) {
      await run(client, SAVE, [checkpointName, JSON.stringify(value), String(keepMs)]);
    },
    async checkpoint(checkpointName) {
      const [row] = await run(client, CHECKPOINT, [checkpointName]);
      return row === undefined ? undefined : (JSON.parse(String(row['checkpoint'])) as ReplayCheckpoint);
    },
    async get(id) {
      const [row] = await run(client, GET, [id]);
      return row === undefined ? undefined : toDelivery(row);
    },
    async list(query) {
      const q = resolveQuery(query, '@social-webhooks/postgres');
      const bounds = [q.since === undefined ? null : idFloor(q.since), q.until === undefined ? null : idFloor(q.until), q.cursor ?? null];
      const filters = [q.sender ?? null, q.eventName ?? null, q.code ?? null];
      const rows = await run(client, LIST[q.order], [...bounds, ...filters, String(q.limit + 1)]);
      const deliveries = rows.slice(0, q.limit).map(toDelivery);
      return rows.length > q.limit ? { deliveries, cursor: deliveries.at(-1)!.id } : { deliveries };
    },
    countRefused: refused.count,
    refusedCounts: refused.counts,
  };
}

function toDelivery(row: PostgresRow): ArchivedDelivery {
  const lastReplay = row['last_replay'];
  return {
    id: String(row['id']),
    sender: String(row['sender']),
    eventName: String(row['event_name']),
    receivedAt: Number(row['received_at']),
    status: Number(row['status']),
    code: String(row['code']),
    deliveryKey: row['delivery_key'] === null ? undefined : String(row['delivery_key']),
    headers: JSON.parse(String(row['headers'])) as Record<string, string>,
    body: fromHex(String(row['body'])),
    replays: Number(row['replays']),
    event: JSON.parse(String(row['event'])) as AnyEvent,
    bodyAsReceived: row['body_as_received'] === 'true',
    ...(lastReplay !== null &&
      lastReplay !== undefined && { lastReplay: JSON.parse(String(lastReplay)) as ArchivedDelivery['lastReplay'] }),
  };
}

function positive(value: number | undefined, option: string, fallback: number, fail: (message: string) => never): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1)
    fail(`\`${option}\` must be a positive whole number (default ${fallback}); got ${String(value)}.`);
  return value;
}

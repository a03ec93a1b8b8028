import {
  DEFAULT_ARCHIVE_KEEP_MS,
  DEFAULT_ARCHIVE_TIMEOUT_MS,
  idFloor,
  newArchiveId,
  refusalCounter,
  resolveQuery,
  type AnyEvent,
  type ArchivedDelivery,
  type DeliveryArchive,
  type ReplayCheckpoint,
} from '@social-webhooks/core';
import { archiveSql } from './archive-sql.js';
import { hexToBytes } from './blob.js';
import { optionsError } from './errors.js';
import type { Row, Statement } from './sql-runner.js';
import { storageOf, type CloudflareStoreOptions } from './storage.js';

/** Options of {@link cloudflareDeliveryArchive}: the storage, the tables' prefix, and the archive's bounds. */
export type CloudflareDeliveryArchiveOptions = CloudflareStoreOptions & {
  /** How long a delivery is kept, in ms. Default 604,800,000 (7 days). */
  readonly keepMs?: number;
  /** The most deliveries kept; past it the oldest are dropped. Default 100,000. */
  readonly maxDeliveries?: number;
  /** The longest wait for one call, in ms. Default 1000. */
  readonly timeoutMs?: number;
};

/** 100,000 deliveries, as the Redis archive: at a Neynar event's few kilobytes, some hundreds of MB of a 10 GB D1 database. */
export const DEFAULT_CLOUDFLARE_ARCHIVE_DELIVERIES = 100_000;

/**
 * The largest delivery the archive keeps, in bytes: its body, its event's JSON and its headers'.
 * D1 and a Durable Object's SQLite keep at most 2,000,000 bytes in a row; this leaves room for the
 * other columns. A larger delivery is refused whole (add() rejects, the receiver answers as it
 * would without the archive): never a row cut short.
 */
export const CLOUDFLARE_ARCHIVE_MAX_BYTES = 1_900_000;

const encoder = new TextEncoder();

/**
 * A delivery archive (the `archive` option of a receiver, and what `replay()` reads) in D1 or a
 * Durable Object, shared by every instance of a Worker and by a replay run anywhere with the
 * binding: a row per delivery in `<prefix>archive` (the body's exact bytes a BLOB, bound as a
 * parameter: never in the SQL's text), its size in `<prefix>archive_size`, replay checkpoints in
 * `<prefix>archive_checkpoints`. Each call is one call to the storage: keeping a delivery, with the
 * trimming past `keepMs` and `maxDeliveries` (at most 100 dropped a call), is one transaction; so is
 * recording a replay with its checkpoint.
 *
 * @param options `d1` or `durableObject` (and `name`), `prefix` (default `social_webhooks_`), `keepMs` (default 7 days), `maxDeliveries` (default 100,000), `timeoutMs` (default 1000).
 * @throws {WebhookError} `invalid_options` when neither binding is given, the binding is not of its kind, `prefix` is not a plain lower-case name, or a bound is not a positive whole number.
 * @example
 * const archive = cloudflareDeliveryArchive({ d1: env.DB });
 * const handle = webhookHandler({ sender: neynarSender({ secrets }), on, archive });
 */
export function cloudflareDeliveryArchive(options: CloudflareDeliveryArchiveOptions): DeliveryArchive {
  const name = 'cloudflareDeliveryArchive()';
  const { runner, tables } = storageOf(options, name);
  const keepMs = positive(options.keepMs, 'keepMs', DEFAULT_ARCHIVE_KEEP_MS, name);
  const maxDeliveries = positive(options.maxDeliveries, 'maxDeliveries', DEFAULT_CLOUDFLARE_ARCHIVE_DELIVERIES, name);
  const timeoutMs = positive(options.timeoutMs, 'timeoutMs', DEFAULT_ARCHIVE_TIMEOUT_MS, name);
  const sql = archiveSql(tables);
  const floor = () => idFloor(Date.now() - keepMs);
  const one = async (statement: string, params: (string | number)[]) => (await runner.run([{ sql: statement, params }]))[0] ?? [];
  const refused = refusalCounter();

  return {
    timeoutMs,
    async add(delivery) {
      const id = newArchiveId(delivery.receivedAt);
      const headers = JSON.stringify(delivery.headers);
      const event = JSON.stringify(delivery.event);
      const bytes = delivery.body.byteLength + encoder.encode(event).byteLength + encoder.encode(headers).byteLength;
      if (bytes > CLOUDFLARE_ARCHIVE_MAX_BYTES) {
        throw new Error(
          `@social-webhooks/cloudflare: ${name}: the delivery ${id} (${delivery.sender} ${delivery.eventName}) is ${bytes} bytes with its event and headers, ` +
            `over the ${CLOUDFLARE_ARCHIVE_MAX_BYTES} a row of D1 or a Durable Object holds; it is not archived.`,
        );
      }
      const { sender, eventName, code, status, receivedAt, deliveryKey, body, bodyAsReceived } = delivery;
      const row = [
        id,
        sender,
        eventName,
        code,
        status,
        receivedAt,
        deliveryKey ?? null,
        headers,
        body,
        bodyAsReceived ? 1 : 0,
        event,
      ] as const;
      await runner.run(sql.add(row, keepMs, floor(), maxDeliveries));
      return id;
    },
    async settle(id, { status, code }) {
      await one(sql.settle, [id, status, code]);
    },
    async recordReplay(id, outcome, checkpoint) {
      const statements: Statement[] = [{ sql: sql.replayed, params: [id, JSON.stringify(outcome)] }];
      if (checkpoint !== undefined) {
        statements.push({ sql: sql.saveCheckpoint, params: [checkpoint.name, JSON.stringify(checkpoint.value), keepMs] });
      }
      await runner.run(statements);
    },
    async saveCheckpoint(checkpointName, value) {
      await one(sql.saveCheckpoint, [checkpointName, JSON.stringify(value), keepMs]);
    },
    async checkpoint(checkpointName) {
      const [row] = await one(sql.checkpoint, [checkpointName]);
      return row === undefined ? undefined : (JSON.parse(String(row['value'])) as ReplayCheckpoint);
    },
    async get(id) {
      const [row] = await one(sql.get, [id, floor()]);
      return row === undefined ? undefined : toDelivery(row);
    },
    async list(query) {
      const resolved = resolveQuery(query, '@social-webhooks/cloudflare');
      const [rows = []] = await runner.run([sql.list(resolved, floor(), idFloor)]);
      const deliveries = rows.slice(0, resolved.limit).map(toDelivery);
      return rows.length > resolved.limit ? { deliveries, cursor: deliveries.at(-1)!.id } : { deliveries };
    },
    countRefused: refused.count,
    refusedCounts: refused.counts,
  };
}

/** A delivery from its row. */
function toDelivery(row: Row): ArchivedDelivery {
  const lastReplay = row['last_replay'];
  const deliveryKey = row['delivery_key'];
  const eventName = row['event_name'];
  return {
    id: String(row['id']),
    sender: String(row['sender']),
    eventName: eventName === null || eventName === undefined ? undefined : String(eventName),
    receivedAt: Number(row['received_at']),
    status: Number(row['status']),
    code: String(row['code']),
    deliveryKey: deliveryKey === null || deliveryKey === undefined ? undefined : String(deliveryKey),
    headers: JSON.parse(String(row['headers'])) as Record<string, string>,
    body: hexToBytes(String(row['body'])),
    replays: Number(row['replays']),
    event: JSON.parse(String(row['event'])) as AnyEvent,
    bodyAsReceived: Number(row['body_as_received']) === 1,
    ...(typeof lastReplay === 'string' && { lastReplay: JSON.parse(lastReplay) as ArchivedDelivery['lastReplay'] }),
  };
}

function positive(value: unknown, option: string, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw optionsError(`${name}: \`${option}\` must be a positive whole number (default ${fallback}); got ${String(value)}.`);
  }
  return value;
}

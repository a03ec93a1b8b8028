import { WebhookError } from '../errors.js';
import { idFloor, newArchiveId, passesFilters, resolveQuery } from './archive-query.js';
import { refusalCounter } from './refusal-counter.js';
import { DEFAULT_ARCHIVE_KEEP_MS, type ArchivedDelivery, type DeliveryArchive, type ReplayCheckpoint } from './delivery-archive.js';

/** Options of {@link memoryDeliveryArchive}. */
export interface MemoryDeliveryArchiveOptions {
  /** The most deliveries kept; past it the oldest are dropped. Default 10,000. */
  readonly maxDeliveries?: number;
  /** How long a delivery is kept, in ms. Default 604,800,000 (7 days). */
  readonly keepMs?: number;
}

/** 10,000 deliveries: at the 1 MiB body limit a bound, at a Neynar event's few kilobytes some tens of MB. */
export const DEFAULT_MEMORY_ARCHIVE_DELIVERIES = 10_000;

const SOURCE = '@social-webhooks/core';

/**
 * An archive in this process's memory: for one instance, tests and development. It is lost with
 * the process; several instances, or a replay from another process, need a shared one
 * (`redisDeliveryArchive({ client })` of `@social-webhooks/redis`).
 *
 * @throws {WebhookError} `invalid_options` for a bound that is not a positive whole number.
 * @example
 * const archive = memoryDeliveryArchive({ maxDeliveries: 1000 });
 * const handle = webhookHandler({ sender: neynarSender({ secrets }), on, archive });
 */
export function memoryDeliveryArchive(options: MemoryDeliveryArchiveOptions = {}): DeliveryArchive {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${SOURCE}: memoryDeliveryArchive(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object: memoryDeliveryArchive({ maxDeliveries, keepMs }).');
  const maxDeliveries = positive(options.maxDeliveries, 'maxDeliveries', DEFAULT_MEMORY_ARCHIVE_DELIVERIES, fail);
  const keepMs = positive(options.keepMs, 'keepMs', DEFAULT_ARCHIVE_KEEP_MS, fail);
  const records = new Map<string, ArchivedDelivery>();
  // Ids sort as deliveries arrived; kept sorted, so the oldest are first and a page is a slice.
  const ids: string[] = [];
  const checkpoints = new Map<string, ReplayCheckpoint>();
  const refused = refusalCounter();

  function trim(now: number): void {
    const floor = idFloor(now - keepMs);
    let drop = 0;
    while (drop < ids.length && (ids.length - drop > maxDeliveries || ids[drop]! < floor)) drop++;
    for (const id of ids.splice(0, drop)) records.delete(id);
  }

  function update(id: string, change: (record: ArchivedDelivery) => ArchivedDelivery): void {
    const record = records.get(id);
    if (record !== undefined) records.set(id, change(record));
  }

  return {
    async add(delivery) {
      const id = newArchiveId(delivery.receivedAt);
      records.set(id, { ...delivery, id, body: delivery.body.slice(), replays: 0 });
      ids.splice(insertionPoint(ids, id), 0, id);
      trim(Date.now());
      return id;
    },
    async settle(id, { status, code }) {
      update(id, (record) => ({ ...record, status, code }));
    },
    async recordReplay(id, outcome, checkpoint) {
      update(id, (record) => ({ ...record, replays: record.replays + 1, lastReplay: outcome }));
      if (checkpoint !== undefined) checkpoints.set(checkpoint.name, checkpoint.value);
    },
    async saveCheckpoint(name, value) {
      checkpoints.set(name, value);
    },
    async checkpoint(name) {
      return checkpoints.get(name);
    },
    async get(id) {
      const record = records.get(id);
      return record === undefined ? undefined : { ...record, body: record.body.slice() };
    },
    async list(query) {
      const resolved = resolveQuery(query, SOURCE);
      trim(Date.now());
      const low = resolved.since === undefined ? '' : idFloor(resolved.since);
      const high = resolved.until === undefined ? '\uffff' : idFloor(resolved.until);
      const ascending = resolved.order === 'asc';
      const found: ArchivedDelivery[] = [];
      let cursor: string | undefined;
      for (let index = ascending ? 0 : ids.length - 1; index >= 0 && index < ids.length; index += ascending ? 1 : -1) {
        const id = ids[index]!;
        if (id < low || id >= high) continue;
        if (resolved.cursor !== undefined && (ascending ? id <= resolved.cursor : id >= resolved.cursor)) continue;
        const record = records.get(id)!;
        if (!passesFilters(record, resolved)) continue;
        if (found.length === resolved.limit) {
          cursor = found[found.length - 1]!.id;
          break;
        }
        found.push({ ...record, body: record.body.slice() });
      }
      return cursor === undefined ? { deliveries: found } : { deliveries: found, cursor };
    },
    countRefused: refused.count,
    refusedCounts: refused.counts,
    // One process is the whole of a memory archive: its own counts are the totals.
    refusedTotals: async () => refused.counts(),
  };
}

function insertionPoint(ids: readonly string[], id: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

function positive(value: number | undefined, name: string, fallback: number, fail: (message: string) => never): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1)
    fail(`\`${name}\` must be a positive whole number (default ${fallback}); got ${String(value)}.`);
  return value;
}

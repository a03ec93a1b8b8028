import { WebhookError } from '../../errors.js';
import { resolveKeepMs, type BroadcastRecord, type BroadcastRecordStore } from './record-store.js';

/** Options of {@link memoryBroadcastRecords}. */
export interface MemoryBroadcastRecordsOptions {
  /** How long a broadcast is kept after `start()`, done or not, in milliseconds. Default 604,800,000 (7 days). */
  readonly keepMs?: number;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

interface Held {
  /** As JSON, so what is read is a copy, as from any other store. */
  record: string;
  readonly createdAt: number;
  done: boolean;
  owner: string | undefined;
  leaseUntil: number;
  cancelledAt: number | undefined;
  /** Live batches, each with when its mark runs out. */
  readonly live: Map<string, number>;
}

/**
 * A {@link BroadcastRecordStore} in this process's memory: for tests, development, and one long-lived
 * process whose broadcasts may be lost with it. Runs in other processes (a cron's, a retried
 * function's) need a shared store: `redisBroadcastRecords({ client })` from `@social-webhooks/redis`
 * or `postgresBroadcastRecords({ client })` from `@social-webhooks/postgres`.
 *
 * @param options `keepMs` (default 7 days), `now` (default `Date.now`).
 * @throws {WebhookError} `invalid_options` when `keepMs` is not a positive integer or `now` not a function.
 * @example
 * const broadcasts = createBroadcasts({ store: tokens, limiter, records: memoryBroadcastRecords() });
 */
export function memoryBroadcastRecords(options: MemoryBroadcastRecordsOptions = {}): BroadcastRecordStore {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/core: memoryBroadcastRecords(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object, or nothing: memoryBroadcastRecords().');
  const keepMs = resolveKeepMs(options.keepMs, fail);
  const now = options.now ?? Date.now;
  if (typeof now !== 'function') fail('`now` must be a function answering milliseconds since the epoch.');
  const records = new Map<string, Held>();

  const kept = (id: string): Held | undefined => {
    const held = records.get(id);
    if (held !== undefined && now() >= held.createdAt + keepMs) {
      records.delete(id);
      return undefined;
    }
    return held;
  };
  const read = (held: Held): BroadcastRecord => {
    const record = JSON.parse(held.record) as BroadcastRecord;
    return held.cancelledAt === undefined ? record : { ...record, cancelledAt: held.cancelledAt };
  };
  const fresh = (record: string, createdAt: number, done: boolean): Held => ({
    record,
    createdAt,
    done,
    owner: undefined,
    leaseUntil: 0,
    cancelledAt: undefined,
    live: new Map(),
  });

  return {
    async create(record) {
      const held = kept(record.id);
      if (held !== undefined) return { created: false, record: read(held) };
      const text = JSON.stringify(record);
      records.set(record.id, fresh(text, record.createdAt, record.state.done));
      return { created: true, record: JSON.parse(text) as BroadcastRecord };
    },
    async get(id) {
      const held = kept(id);
      return held === undefined ? undefined : read(held);
    },
    async acquire(id, owner, leaseMs) {
      const held = kept(id);
      if (held === undefined || held.done) return false;
      if (held.owner !== undefined && held.owner !== owner && held.leaseUntil > now()) return false;
      held.owner = owner;
      held.leaseUntil = now() + leaseMs;
      return true;
    },
    async save(id, owner, state, leaseMs) {
      const held = kept(id);
      // Past its lease but taken by no one since: nothing else worked on it, so the state is still right.
      if (held === undefined || held.owner !== owner) return false;
      held.record = JSON.stringify({ ...(JSON.parse(held.record) as BroadcastRecord), state });
      held.done = state.done;
      held.leaseUntil = now() + leaseMs;
      return true;
    },
    async release(id, owner) {
      const held = kept(id);
      if (held?.owner === owner) held.owner = undefined;
    },
    async unfinished(limit) {
      const ids: string[] = [];
      for (const id of [...records.keys()]) {
        const held = kept(id);
        if (held !== undefined && !held.done) ids.push(id);
      }
      return ids.sort((a, b) => records.get(a)!.createdAt - records.get(b)!.createdAt).slice(0, limit);
    },
    async cancel(id) {
      const held = kept(id);
      if (held === undefined) return 'unknown';
      if (held.cancelledAt !== undefined) return 'cancelled-already';
      if (held.done) return 'finished-already';
      held.cancelledAt = now();
      return 'cancelled';
    },
    async goLive(id, batch, liveMs) {
      const held = kept(id);
      if (held === undefined || held.cancelledAt !== undefined) return false;
      held.live.set(batch, now() + liveMs);
      return true;
    },
    async leave(id, batch) {
      kept(id)?.live.delete(batch);
    },
    async live(id) {
      const at = now();
      let count = 0;
      for (const until of kept(id)?.live.values() ?? []) if (until > at) count += 1;
      return count;
    },
  };
}

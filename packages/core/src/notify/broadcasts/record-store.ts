import type { AudienceClient } from '../audience.js';
import type { Notification } from '../notification.js';
import type { BroadcastState } from './broadcast-state.js';

/** What `start()` recorded of a broadcast, never changed after: the notification, whom it is for, and until when. */
export interface BroadcastPlan {
  readonly notification: Notification;
  /** Every user in the token store, or these FIDs (distinct, ascending). */
  readonly to: 'all' | readonly number[];
  /** FIDs of everyone left out (distinct, ascending); absent when none is. */
  readonly exclude?: readonly number[];
  /** Only this client's targets (its FID or its notification URL); absent for every client. */
  readonly client?: AudienceClient;
  /** Only the targets enabled at this time or later (ms since the epoch); absent for any time. */
  readonly enabledSince?: number;
  /** Only the targets enabled before this time (ms since the epoch); absent for any time. */
  readonly enabledBefore?: number;
  /** When the notification stops being worth sending (ms since the epoch); absent when it never does. */
  readonly expiresAt?: number;
}

/** One broadcast as a {@link BroadcastRecordStore} keeps it. */
export interface BroadcastRecord {
  readonly id: string;
  /** When `start()` recorded it, in milliseconds since the epoch. */
  readonly createdAt: number;
  readonly plan: BroadcastPlan;
  /** Where its runs have got to: replaced by each `save` under the lease. */
  readonly state: BroadcastState;
  /** When `cancel()` cancelled it, by the store's clock (ms since the epoch); absent while it is not cancelled. */
  readonly cancelledAt?: number;
}

/**
 * What a record store's `cancel` found: it set the flag now (`cancelled`), an earlier call had
 * (`cancelled-already`), the broadcast was done without it (`finished-already`: nothing is set), or
 * there is no such record (`unknown`).
 */
export type RecordCancel = 'cancelled' | 'cancelled-already' | 'finished-already' | 'unknown';

/**
 * Where resumable broadcasts (`createBroadcasts`) keep their progress, shared by every run, in this
 * process or any other: `memoryBroadcastRecords()` for one process and tests,
 * `redisBroadcastRecords({ client })` from `@social-webhooks/redis`, `postgresBroadcastRecords({ client
 * })` from `@social-webhooks/postgres`. Any object of this shape fits. Plan and state are plain JSON
 * values: a store keeps them as JSON text and gives back what it was given.
 *
 * A lease lets one run at a time work a broadcast: `acquire` and `save` are each atomic (one script,
 * one conditional statement), and lease times are the store's clock, so runs whose clocks drift agree.
 * A record lapses `keepMs` after it was created (7 days by default in the shipped stores), done or not.
 *
 * Cancelling is a flag and "live" marks, both outside the state so that `save` never changes them: a
 * batch goes live and reads the flag in one atomic `goLive` right before its request, and `cancel`
 * sets the flag atomically; so either the flag came first and the batch sends nothing, or the batch
 * was live first and `cancel()` (which reads `live` after setting the flag) waits for its request to
 * end. A live mark counts until its time runs out (a run killed mid-request leaves one behind).
 */
export interface BroadcastRecordStore {
  /**
   * Records `record` unless one with its id is there (and has not lapsed): answers the record now
   * held, which is `record` itself when it was created, else the earlier one. Atomic.
   */
  create(record: BroadcastRecord): Promise<{ readonly created: boolean; readonly record: BroadcastRecord }>;
  /** The record of `id`, or `undefined` when there is none or it lapsed. */
  get(id: string): Promise<BroadcastRecord | undefined>;
  /**
   * Takes the lease of `id` for `owner` for `leaseMs`, when no one holds it or its holder's has run
   * out (or `owner` holds it already). Atomic: of two runs at once, one gets it.
   * @returns whether `owner` now holds it; `false` too when the record is missing or done.
   */
  acquire(id: string, owner: string, leaseMs: number): Promise<boolean>;
  /**
   * Replaces the state of `id` and holds its lease `leaseMs` more, only while `owner` still holds it
   * (a lease run out that no other run has taken since is still held).
   * When `state.done` is true the record leaves the unfinished ones.
   * @returns `false` when `owner` has lost the lease (it ran out and another run took it): nothing is written.
   */
  save(id: string, owner: string, state: BroadcastState, leaseMs: number): Promise<boolean>;
  /** Gives the lease of `id` up, if `owner` holds it, so the next run need not wait for it to run out. */
  release(id: string, owner: string): Promise<void>;
  /** The ids of the broadcasts not done (and not lapsed), oldest first, at most `limit`. */
  unfinished(limit: number): Promise<readonly string[]>;
  /**
   * Sets the cancel flag of `id` (`cancelledAt`, the store's clock), unless it is set already, the
   * record is done, or there is none. Atomic with `goLive`. Not under the lease: any process may call it.
   */
  cancel(id: string): Promise<RecordCancel>;
  /**
   * Marks the batch `batch` of `id` live for `liveMs` (the store's clock) and reads the cancel flag,
   * in one atomic step: `true` to send. When the flag is set (or the record is gone) nothing is marked
   * and it answers `false`: the batch sends nothing.
   */
  goLive(id: string, batch: string, liveMs: number): Promise<boolean>;
  /** Takes the live mark of `batch` off: its request is over (answered, failed or timed out). */
  leave(id: string, batch: string): Promise<void>;
  /** How many batches of `id` are live now: marked, not left, and their time not run out. */
  live(id: string): Promise<number>;
}

/** How long a shipped record store keeps a broadcast, by default: 7 days after `start()`. */
export const DEFAULT_BROADCAST_KEEP_MS = 7 * 86_400_000;

/** Whether `records` has every method of a {@link BroadcastRecordStore}; `fail` says which is missing. */
export function checkRecordStore(records: unknown, fail: (message: string) => never): asserts records is BroadcastRecordStore {
  const methods = ['create', 'get', 'acquire', 'save', 'release', 'unfinished', 'cancel', 'goLive', 'leave', 'live'] as const;
  const missing = methods.find((method) => typeof (records as Record<string, unknown> | null | undefined)?.[method] !== 'function');
  if (missing !== undefined) {
    fail(
      `\`records\` must be a broadcast record store (${methods.join(', ')}; it has no ${missing}): memoryBroadcastRecords(), ` +
        'redisBroadcastRecords({ client }) from @social-webhooks/redis, or postgresBroadcastRecords({ client }) from @social-webhooks/postgres.',
    );
  }
}

/** A record store factory's `keepMs`, checked: a positive whole number of milliseconds. */
export function resolveKeepMs(keepMs: unknown, fail: (message: string) => never): number {
  const resolved = keepMs ?? DEFAULT_BROADCAST_KEEP_MS;
  if (typeof resolved !== 'number' || !Number.isSafeInteger(resolved) || resolved <= 0) {
    fail(`\`keepMs\` must be a positive integer of milliseconds (default ${DEFAULT_BROADCAST_KEEP_MS}, 7 days); got ${String(keepMs)}.`);
  }
  return resolved as number;
}

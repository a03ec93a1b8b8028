import type { AnyEvent } from '../schema/types.js';

/**
 * One delivery the archive kept: one that passed its sender's check (a forgery is never archived),
 * as it was received, with how it was answered and how its handler ended.
 */
export interface ArchivedDelivery {
  /** Unique per archived delivery and stable; ids sort in the order deliveries arrived. */
  readonly id: string;
  /** The receiver's sender: `neynar`, `miniapp` or `airstack`. */
  readonly sender: string;
  readonly eventName: string | undefined;
  /** When it arrived, in ms since the epoch. */
  readonly receivedAt: number;
  /** The status answered, or, once a handler that outlasted the answer settled, its outcome's. */
  readonly status: number;
  /** The answer's code (`handled`, `handler_failed`, `queued`, `duplicate`, …), or the later outcome's. */
  readonly code: string;
  /** The dedupe key (the delivery id header, the payload's id, or the body's SHA-256); none for a Mini App event. */
  readonly deliveryKey: string | undefined;
  /**
   * The headers that matter, lower-case: `content-type`, the delivery id headers, and the sender's
   * proof header where it holds no secret (Neynar's `x-neynar-signature`, an HMAC). Never the
   * founding service's header, whose value is the secret.
   */
  readonly headers: Readonly<Record<string, string>>;
  /** The body's bytes as received (a body a framework parsed first: its JSON again; see `bodyAsReceived`). */
  readonly body: Uint8Array;
  /** How many times a replay ran it again. */
  readonly replays: number;
  /** The event as its handler got it (verified then): what a replay hands to today's handlers. */
  readonly event: AnyEvent;
  /** `false` when a body parser ran before the receiver, so `body` is its value serialised again, not the bytes sent. */
  readonly bodyAsReceived: boolean;
  /** The last replay's outcome, if any. */
  readonly lastReplay?: ReplayOutcome | undefined;
}

/** How one replay of an archived delivery ended. */
export interface ReplayOutcome {
  /** When it ran, in ms since the epoch. */
  readonly at: number;
  readonly status: number;
  readonly code: string;
}

/** Which archived deliveries to list: a window of arrival times, filters, a page. */
export interface ArchiveQuery {
  /** Arrived at or after, in ms since the epoch. */
  readonly since?: number;
  /** Arrived before, in ms since the epoch. */
  readonly until?: number;
  readonly sender?: string;
  readonly eventName?: string;
  readonly code?: string;
  /** At most this many (default 100, at most 1,000). */
  readonly limit?: number;
  /** The `cursor` of the previous page: the next page starts after it. */
  readonly cursor?: string;
  /** `desc` (default): newest first, as a page shows them; `asc`: oldest first, as a replay runs them. */
  readonly order?: 'asc' | 'desc';
}

/** A page of archived deliveries; `cursor` is there while more may follow. */
export interface ArchivePage {
  readonly deliveries: readonly ArchivedDelivery[];
  readonly cursor?: string;
}

/** Reading the archive: what a page or a replay needs. */
export interface DeliveryArchiveReader {
  list(query?: ArchiveQuery): Promise<ArchivePage>;
  get(id: string): Promise<ArchivedDelivery | undefined>;
}

/** What the receiver hands the archive for a delivery it answered. */
export interface NewArchivedDelivery {
  readonly sender: string;
  readonly eventName: string;
  readonly receivedAt: number;
  readonly status: number;
  readonly code: string;
  readonly deliveryKey: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  readonly bodyAsReceived: boolean;
  readonly event: AnyEvent;
}

/** A replay's progress, kept in the archive so a replay run again after a crash goes on where it stopped. */
export interface ReplayCheckpoint {
  /** The id of the last archived delivery this replay finished with (replayed or skipped). */
  readonly after: string;
  readonly replayed: number;
  readonly skipped: number;
  readonly failed: number;
  /** When it was saved, in ms since the epoch. */
  readonly savedAt: number;
}

/**
 * The `archive` option of a receiver: where verified deliveries are kept, for replay and for a page
 * to look at them. `memoryDeliveryArchive()` here, `redisDeliveryArchive({ client })` of
 * `@social-webhooks/redis`. Every call may reject or hang: the receiver bounds each one by
 * `timeoutMs` and answers the delivery as it would without the archive.
 */
export interface DeliveryArchive extends DeliveryArchiveReader {
  /** The longest wait for one call, in ms. Default 1000. */
  readonly timeoutMs?: number;
  /** Keeps a delivery; resolves with its id. Trims what is past the store's age and size bounds. */
  add(delivery: NewArchivedDelivery): Promise<string>;
  /** Records how a handler that outlasted the answer ended (`respondWithin`, `handlerTimeoutMs`). */
  settle(id: string, outcome: { readonly status: number; readonly code: string }): Promise<void>;
  /**
   * Records a replay of `id` (one more replay, its outcome) and, with `checkpoint`, the replay's
   * progress under that name, in one call.
   */
  recordReplay(id: string, outcome: ReplayOutcome, checkpoint?: { readonly name: string; readonly value: ReplayCheckpoint }): Promise<void>;
  /** Saves a replay's progress alone (after a delivery it skipped). */
  saveCheckpoint(name: string, value: ReplayCheckpoint): Promise<void>;
  /** A replay's saved progress. */
  checkpoint(name: string): Promise<ReplayCheckpoint | undefined>;
  /** Counts a delivery refused before its event was read (a forgery among them), by code: the archive keeps none of them. Synchronous, in this process. */
  countRefused(code: string): void;
  /** The refusals counted by this process, by code. */
  refusedCounts(): Readonly<Record<string, number>>;
  /**
   * Optional: the refusals counted by every process sharing the archive's store, by code, as a page
   * shows them (`redisDeliveryArchive` keeps them in Redis; `memoryDeliveryArchive` answers its own,
   * which are all there are). An archive without it has only {@link refusedCounts}.
   */
  refusedTotals?(): Promise<Readonly<Record<string, number>>>;
}

/** 7 days: the default age past which an archived delivery is dropped. */
export const DEFAULT_ARCHIVE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** 1 second: the default bound on one archive call. */
export const DEFAULT_ARCHIVE_TIMEOUT_MS = 1000;
/** The default and the largest page of `list`. */
export const DEFAULT_ARCHIVE_PAGE = 100;
export const MAX_ARCHIVE_PAGE = 1000;

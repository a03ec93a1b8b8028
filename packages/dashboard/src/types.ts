// What the page reads. The delivery archive's read side (the archive of `@social-webhooks/core`
// implements it) and a queue's dead letters (`deadLetters(queue)` of `@social-webhooks/bullmq`); the
// page names only what it reads, so any object of these shapes fits.
import type {
  ArchivedDelivery as CoreArchivedDelivery,
  ArchiveQuery as CoreArchiveQuery,
  NotificationHistory,
} from '@social-webhooks/core';

/**
 * One archived delivery, as the page reads it: the fields of the core archive's `ArchivedDelivery`
 * that it shows, so an archive of any shape that has them fits.
 */
export type ArchivedDelivery = Pick<
  CoreArchivedDelivery,
  'id' | 'sender' | 'eventName' | 'receivedAt' | 'status' | 'code' | 'deliveryKey' | 'headers' | 'body' | 'replays'
>;

/** A filter of the archive's listing: the core archive's `ArchiveQuery`, without the order (the page lists newest first). */
export type ArchiveQuery = Omit<CoreArchiveQuery, 'order'>;

/** The archive's read side: the page lists and opens deliveries through it. */
export interface DeliveryArchiveReader {
  list(query?: ArchiveQuery): Promise<{ readonly deliveries: readonly ArchivedDelivery[]; readonly cursor?: string }>;
  get(id: string): Promise<ArchivedDelivery | undefined>;
  /** The refusals every instance counted, by code (the Redis archive's): the overview shows them. */
  refusedTotals?(): Promise<Readonly<Record<string, number>>>;
  /** The refusals this process counted, by code: shown when the archive has no `refusedTotals`. */
  refusedCounts?(): Readonly<Record<string, number>>;
}

/**
 * The notification history's read side (core's `NotificationHistory`, or `withOpens(history, opens)`
 * to show opens): the broadcasts, a broadcast's counts, a user's timeline. It holds no token.
 */
export type NotificationHistoryReader = Pick<NotificationHistory, 'list' | 'get' | 'timeline'>;

/** One dead letter: a job that failed all its attempts. */
export interface DeadLetter {
  readonly id: string;
  readonly eventName: string;
  readonly attemptsMade: number;
  /** The last error's message. */
  readonly failedReason: string;
  /** When it failed, in ms since the epoch. */
  readonly failedAt: number | undefined;
}

/** A queue's dead letters: `deadLetters(queue)` of `@social-webhooks/bullmq`. */
export interface DeadLetterQueue {
  /** The queue's name. */
  readonly name: string;
  list(options?: { readonly limit?: number }): Promise<{ readonly total: number; readonly jobs: readonly DeadLetter[] }>;
  /** Moves these jobs back to the queue; answers the ids moved. */
  retry(ids: readonly string[]): Promise<readonly string[]>;
}

/** Sends archived deliveries through today's handlers again: the archive's replay. */
export type ReplayFunction = (ids: readonly string[]) => Promise<unknown>;

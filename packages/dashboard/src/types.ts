// What the page reads. The delivery archive's read side (the archive of `@social-webhooks/core`
// implements it) and a queue's dead letters (`deadLetters(queue)` of `@social-webhooks/bullmq`); the
// page names only what it reads, so any object of these shapes fits.

/** One archived delivery, as the archive keeps it. */
export interface ArchivedDelivery {
  /** Unique per archived delivery, stable. */
  readonly id: string;
  /** `neynar`, `miniapp`, `airstack`. */
  readonly sender: string;
  readonly eventName: string | undefined;
  /** When it arrived, in ms since the epoch. */
  readonly receivedAt: number;
  /** The status answered (or the handler's later outcome's). */
  readonly status: number;
  /** `handled`, `handler_failed`, `queued`, `duplicate`, …: the delivery report's codes. */
  readonly code: string;
  /** The dedupe key. */
  readonly deliveryKey: string | undefined;
  /** The headers that matter; never a secret. */
  readonly headers: Readonly<Record<string, string>>;
  /** The exact bytes received. */
  readonly body: Uint8Array;
  /** Times replayed. */
  readonly replays: number;
}

/** A filter of the archive's listing. */
export interface ArchiveQuery {
  readonly since?: number;
  readonly until?: number;
  readonly sender?: string;
  readonly eventName?: string;
  readonly code?: string;
  readonly limit?: number;
  readonly cursor?: string;
}

/** The archive's read side: the page lists and opens deliveries through it. */
export interface DeliveryArchiveReader {
  list(query?: ArchiveQuery): Promise<{ readonly deliveries: readonly ArchivedDelivery[]; readonly cursor?: string }>;
  get(id: string): Promise<ArchivedDelivery | undefined>;
}

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

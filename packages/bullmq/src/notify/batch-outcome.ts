/** What one batch job came to, as its field in the record holds it (overwritten when the job runs again). */
export interface BatchOutcome {
  readonly kind: 'batch' | 'limited' | 'retry';
  readonly targets: number;
  readonly requests: number;
  readonly successful: number;
  readonly alreadySent: number;
  readonly invalid: number;
  readonly failed: Readonly<Record<string, number>>;
  /** Not sent: the client had refused the notification. */
  readonly remaining: number;
  /** Handed to a delayed job until their rate limit's window ends. */
  readonly limited: number;
  /** Handed to a delayed job that retries the request. */
  readonly retrying: number;
  /** When the handed-on rate-limited targets are sent again (ms since the epoch). */
  readonly retryAt?: number;
  /** Not sent: the broadcast's `expiresAt` had passed, or would have before their window or retry (absent in records of earlier versions: 0). */
  readonly expired?: number;
  /** Not sent: the broadcast was cancelled (absent in records of earlier versions: 0). */
  readonly cancelled?: number;
}

/** A batch job's outcome with nothing counted but `counts`. */
export function emptyOutcome(kind: BatchOutcome['kind'], targets: number, counts: Partial<BatchOutcome>): BatchOutcome {
  return {
    kind,
    targets,
    requests: 0,
    successful: 0,
    alreadySent: 0,
    invalid: 0,
    failed: {},
    remaining: 0,
    limited: 0,
    retrying: 0,
    ...counts,
  };
}

/** A broadcast's record as read: its meta, the targets of every batch the plans added, each batch job's outcome, the clients that refused. */
export interface RecordRead {
  readonly meta: Readonly<Record<string, string>>;
  /** Targets in the planned batches, each batch once however many plan runs added it. */
  readonly planned: number;
  readonly jobs: readonly BatchOutcome[];
  readonly stopped: Readonly<Record<string, string>>;
}

/** A planned batch: its job id (from its content) and how many targets it holds. */
export interface PlannedBatch {
  readonly jobId: string;
  readonly targets: number;
}

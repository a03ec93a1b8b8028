import type { JobsOptions } from 'bullmq';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, DEFAULT_KEEP_COMPLETED_MS, DEFAULT_KEEP_FAILED_MS } from '../handoff/bullmq-handoff.js';

/** How long the broadcast's jobs and record are kept. */
export interface KeepOptions {
  /**
   * How long a completed job is kept, in ms. While it is, a plan that runs again adds no second job
   * for the same batch, and `broadcast()` of the same `notificationId` adds nothing. Default 24 hours.
   */
  readonly keepCompletedMs?: number;
  /** How long a failed job (its store or limiter failed on every attempt) stays in the failed list, in ms. Default 7 days. */
  readonly keepFailedMs?: number;
  /** How long a broadcast's record (its progress) is kept after its last change, in ms. Default 7 days. */
  readonly keepMs?: number;
}

export type ResolvedKeep = Required<KeepOptions>;

export function resolveKeep(options: KeepOptions, fail: (message: string) => never): ResolvedKeep {
  const count = (name: keyof KeepOptions, fallback: number): number => {
    const value = options[name] ?? fallback;
    if (!Number.isSafeInteger(value) || value < 1)
      fail(`\`${name}\` must be a positive whole number of ms (default ${fallback}); got ${String(options[name])}.`);
    return value;
  };
  return {
    keepCompletedMs: count('keepCompletedMs', DEFAULT_KEEP_COMPLETED_MS),
    keepFailedMs: count('keepFailedMs', DEFAULT_KEEP_FAILED_MS),
    keepMs: count('keepMs', DEFAULT_KEEP_FAILED_MS),
  };
}

/**
 * Every broadcast job's options: attempts with exponential backoff for a run that threw (the store
 * or the limiter failed; a client's failure is handled inside the job), kept as the hand-off keeps its jobs.
 */
export function notifyJobOptions(keep: ResolvedKeep): JobsOptions {
  return {
    attempts: DEFAULT_ATTEMPTS,
    backoff: { type: 'exponential', delay: DEFAULT_BACKOFF_MS },
    // BullMQ keeps completed and failed jobs by age in seconds.
    removeOnComplete: { age: Math.ceil(keep.keepCompletedMs / 1000) },
    removeOnFail: { age: Math.ceil(keep.keepFailedMs / 1000) },
  };
}

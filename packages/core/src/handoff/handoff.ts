import type { AnyEvent } from '../schema/types.js';
import type { ReplayMark } from '../archive/replay-mark.js';

/** One validated delivery, as the receiver hands it to a queue. */
export interface HandoffJob {
  /** The validated event; a sender's own fields beside `eventName` and `data` (Neynar's `createdAt`) ride along. */
  readonly event: AnyEvent;
  /**
   * The delivery key (the same on every retry of one event; see the README's dedupe section): use
   * it as the job id, so a redelivery does not become a second job. A delivery nothing identifies
   * (a Mini App event: identical bodies can be different events) gets a key of its own,
   * `<prefix><eventName>:once:<uuid>`, so it is never taken for an earlier one.
   */
  readonly key: string;
  /** The delivery's trace context from `instrumentation` (W3C `traceparent`, …); empty without it. */
  readonly carrier: Readonly<Record<string, string>>;
  /** When the delivery arrived, in ms since the epoch. */
  readonly receivedAt: number;
  /** The sender's name (`airstack`, `neynar`, `miniapp`), so a worker knows whose event it runs. */
  readonly sender: string;
  /** Set when a replay queued it (docs/archive.md): which archived delivery, and when. A worker may hand it on. */
  readonly replay?: ReplayMark;
}

/**
 * The `handoff` option: where validated deliveries go instead of a handler, for work that must
 * outlive the request. The receiver answers 202 `queued` once `enqueue` resolved, and 503
 * `queue_unavailable` when it rejects or takes longer than `timeoutMs`, so the service retries:
 * never a 2xx for an event that is not stored. `bullmqHandoff()` of `@social-webhooks/bullmq`
 * implements it.
 */
export interface Handoff {
  /** The longest wait for `enqueue`, in ms. Default 1000. */
  readonly timeoutMs?: number;
  /** Stores the job durably; resolves once stored, or once found stored already (a redelivery). */
  enqueue(job: HandoffJob): Promise<unknown>;
  /**
   * Optional: stores a replay's job (`job.replay` is set; docs/archive.md). Where `enqueue` leaves a
   * job already kept under `job.key` as it is, this runs it once more when it failed for good, and
   * leaves one waiting, running or completed. (A forced replay's key is the run's own, so a job
   * completed under the delivery key is never in its way, and one under the run's key is that run's
   * own from before a crash: left, never run twice.) Without it a replay goes through `enqueue`, and
   * a job kept as failed under the key stays failed. `bullmqHandoff()` implements it.
   */
  enqueueReplay?(job: HandoffJob): Promise<ReplayEnqueueOutcome>;
}

/**
 * What {@link Handoff.enqueueReplay} did: `queued` (no job under the key: a new one), `requeued` (a
 * failed job runs again), `already_queued` (one waiting or running is left: the replay counts it
 * skipped), `already_handled` (one completed is left: skipped).
 */
export type ReplayEnqueueOutcome = 'queued' | 'requeued' | 'already_queued' | 'already_handled';

/** 1 second: a queue slower than that would eat the gateway's 5 s (docs/contract.md §Delivery semantics). */
export const DEFAULT_HANDOFF_TIMEOUT_MS = 1000;

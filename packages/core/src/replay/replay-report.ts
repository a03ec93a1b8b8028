/**
 * How a replay went for one archived delivery: `replayed` (its handler ran and succeeded, or its
 * job was queued), `failed` (it ran and failed), `skipped` (handled before: `duplicate`), or, in a
 * dry run, `would_replay` and `would_skip`.
 */
export interface ReplayedDelivery {
  readonly id: string;
  readonly eventName: string | undefined;
  readonly receivedAt: number;
  /** The outcome the archive had recorded. */
  readonly recorded: string;
  readonly outcome: 'replayed' | 'failed' | 'skipped' | 'would_replay' | 'would_skip';
  /** The code of this run's outcome (`handled`, `handler_failed`, `duplicate`, `queued`), or why it is skipped. */
  readonly code: string;
}

/** What {@link replay} answers: the counts, and each delivery it went through in this run. */
export interface ReplayReport {
  /** Deliveries of the window and filters gone through in this run. */
  readonly matched: number;
  readonly replayed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly dryRun: boolean;
  /** The checkpoint's last id this run went on from, when it resumed one. */
  readonly resumedAfter?: string;
  readonly deliveries: readonly ReplayedDelivery[];
}

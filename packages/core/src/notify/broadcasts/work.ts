import type { NotificationTarget } from '../../senders/miniapp/token-store.js';
import type { BatchResult } from '../deliver-batch.js';
import type { BatchCounts } from '../settle-batch.js';
import type { BroadcastState, HeldTarget } from './broadcast-state.js';

/** A target of a step, with the retries its requests have had so far. */
export interface StepTarget extends NotificationTarget {
  readonly attempt: number;
}

/** A broadcast's {@link BroadcastState} while a run changes it, step by step; `toState()` is what is saved. */
export class Work implements BatchCounts {
  cursor: string | null;
  listed: boolean;
  runs: number;
  done: boolean;
  held: HeldTarget[];
  readonly stopped: Map<string, string>;
  targets: number;
  requests: number;
  successful: number;
  alreadySent: number;
  invalid: number;
  remaining: number;
  expired: number;
  cancelled: number;
  /** A batch of this run found the broadcast cancelled: nothing more is sent, and what is held is counted cancelled. */
  cancelSeen = false;
  readonly failed: Record<string, number>;
  /** Held targets `takeDue` counted `remaining`, for the history to hear of. */
  readonly dropped: NotificationTarget[] = [];
  readonly notBefore: number | undefined;

  constructor(state: BroadcastState) {
    const { counts } = state;
    this.notBefore = state.notBefore;
    this.cursor = state.cursor;
    this.listed = state.listed;
    this.runs = state.runs;
    this.done = state.done;
    this.held = [...state.held];
    this.stopped = new Map(state.stopped.map(({ url, reason }) => [url, reason]));
    this.targets = counts.targets;
    this.requests = counts.requests;
    this.successful = counts.successful;
    this.alreadySent = counts.alreadySent;
    this.invalid = counts.invalid;
    this.remaining = counts.remaining;
    this.expired = counts.expired ?? 0;
    this.cancelled = counts.cancelled ?? 0;
    this.failed = { ...counts.failed };
  }

  /** The targets `deliverBatch` settled (settle-batch.ts's `BatchCounts`). */
  addSettled(result: BatchResult): void {
    if (result.requested) this.requests += 1;
    this.successful += result.successful.length;
    this.alreadySent += result.alreadySent.length;
    this.invalid += result.invalid.length;
    this.cancelled += result.cancelled.length;
    for (const { reason } of result.failed) this.addFailed(reason, 1);
  }

  addExpired(count: number): void {
    this.expired += count;
  }

  /** Notes that the client at `url` refused the notification itself; false when it had already. */
  stop(url: string, reason: string): boolean {
    if (this.stopped.has(url)) return false;
    this.stopped.set(url, reason);
    return true;
  }

  addFailed(reason: string, count: number): void {
    this.failed[reason] = (this.failed[reason] ?? 0) + count;
  }

  /**
   * Takes up to `max` held targets whose time has come, out of `held`; a held target whose client has
   * since refused the notification itself is counted `remaining` instead.
   */
  takeDue(now: number, max: number): StepTarget[] {
    const due: StepTarget[] = [];
    const kept: HeldTarget[] = [];
    for (const held of this.held) {
      if (this.stopped.has(held.url)) {
        this.remaining += 1;
        this.dropped.push({ fid: held.fid, appFid: held.appFid, url: held.url, token: held.token });
      } else if (held.retryAt <= now && due.length < max)
        due.push({ fid: held.fid, appFid: held.appFid, url: held.url, token: held.token, attempt: held.attempt });
      else kept.push(held);
    }
    this.held = kept;
    return due;
  }

  /** When the first held target may be sent, or undefined when none is held. */
  nextDue(): number | undefined {
    return this.held.length === 0 ? undefined : Math.min(...this.held.map(({ retryAt }) => retryAt));
  }

  toState(): BroadcastState {
    const { cursor, listed, runs, done, targets, requests, successful, alreadySent, invalid, remaining, expired, cancelled } = this;
    return {
      cursor,
      listed,
      counts: { targets, requests, successful, alreadySent, invalid, failed: { ...this.failed }, remaining, expired, cancelled },
      held: [...this.held],
      stopped: [...this.stopped].map(([url, reason]) => ({ url, reason })),
      runs,
      done,
      ...(this.notBefore !== undefined && { notBefore: this.notBefore }),
    };
  }
}

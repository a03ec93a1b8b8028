import type { NotificationTarget } from '../senders/miniapp/token-store.js';
import type { BatchTarget } from './notification.js';

/** One wait of `send()` for rate limits to pass, as its `onWait` option hears of it before it starts. */
export interface NotificationWait {
  /** How long this wait lasts, in milliseconds. */
  readonly ms: number;
  /** The tokens it waits for: each had a notification within its interval (by our limiter or the client's `rateLimitedTokens`). */
  readonly tokens: number;
  /** When it ends, in milliseconds since the epoch: the latest time any of those tokens may be sent again. */
  readonly until: number;
}

interface Held {
  readonly url: string;
  readonly target: BatchTarget;
  readonly retryAt: number;
  /** When the token was first held back in this `send()`. */
  readonly since: number;
}

/** One round of held targets to send again once `until` has passed. */
export interface HeldRound {
  readonly targets: NotificationTarget[];
  readonly until: number;
}

/**
 * The targets a rate limit held back during one `send()`, sent again round after round: a target is
 * held again each time it is refused, for as long as it will have waited at most `waitMs` since it was
 * first held, and while fewer than `max` are held (so memory stays flat); otherwise it is given up.
 */
export class HeldTargets {
  #next: Held[] = [];
  /** When each token of the round being sent was first held. */
  #since = new Map<string, number>();
  /** Tokens held at least once. */
  count = 0;

  constructor(
    readonly waitMs: number,
    readonly max: number,
  ) {}

  /** Holds `target` to send at `retryAt`, or answers false when it would wait too long or too many are held. */
  hold(url: string, target: BatchTarget, retryAt: number, now: number): boolean {
    const first = this.#since.get(target.token);
    const since = first ?? now;
    if (this.#next.length >= this.max || retryAt - since > this.waitMs) return false;
    if (first === undefined) this.count += 1;
    this.#next.push({ url, target, retryAt, since });
    return true;
  }

  /** The targets held so far, to send once `until` has passed, or undefined when none is held. */
  nextRound(): HeldRound | undefined {
    const round = this.#next;
    if (round.length === 0) return undefined;
    this.#next = [];
    this.#since = new Map(round.map(({ target, since }) => [target.token, since]));
    return {
      targets: round.map(({ url, target }) => ({ url, ...target })),
      until: round.reduce((latest, { retryAt }) => Math.max(latest, retryAt), 0),
    };
  }
}

import { DAY_MS, DEDUPE_MS, type NotificationLimits } from './notification-limits.js';

/** One notification as a user received it: the read model of what each user saw. */
export interface DeliveredNotification {
  /** The user, and the client (its FID) that showed it. */
  readonly fid: number;
  readonly appFid: number;
  /** The Mini App it came from, by its `webhookUrl`, and the token it was sent with. */
  readonly webhookUrl: string;
  readonly token: string;
  readonly notificationId: string;
  readonly title: string;
  readonly body: string;
  readonly targetUrl: string;
  readonly receivedAt: string;
  /** How many later requests carried the same (user, `notificationId`) and were answered successful without showing it again. */
  repeats: number;
}

/** What the ledger decides for one token of a request the route already found valid and on the app's domain. */
export type LedgerOutcome = 'delivered' | 'repeat' | 'rate_limited';

/**
 * The state behind the route's idempotency and rate limits, and what each user received. A
 * (client, Mini App, user, `notificationId`) delivered once is remembered for 24 hours: a repeat is
 * answered successful, counted, and not shown again (the spec: "A host MUST deduplicate notification
 * requests using (FID, notificationId) as an idempotency key that is valid 24 hours"). Each token
 * receives at most one notification per `intervalMs` and `perDay` per 24 hours; a repeat spends
 * neither. Bounded: the newest `limit` received notifications are kept, the rate state of the
 * `limit` tokens used last, and the idempotency keys of the last 24 hours up to `10 × limit`.
 */
export class NotificationLedger {
  readonly #limits: Required<NotificationLimits>;
  readonly #limit: number;
  readonly #seen = new Map<string, { readonly at: number; readonly delivered: DeliveredNotification }>();
  /** Per token, the times (ms) it received a notification in the last 24 hours, oldest first. */
  readonly #sent = new Map<string, number[]>();
  readonly #received: DeliveredNotification[] = [];

  constructor(limits: Required<NotificationLimits>, limit: number) {
    this.#limits = limits;
    this.#limit = limit;
  }

  /** Decides for one token and, when it is delivered, records what the user received. */
  take(notification: Omit<DeliveredNotification, 'receivedAt' | 'repeats'>, now = Date.now()): LedgerOutcome {
    this.#expire(now);
    const key = JSON.stringify([notification.appFid, notification.webhookUrl, notification.fid, notification.notificationId]);
    const seen = this.#seen.get(key);
    if (seen !== undefined) {
      seen.delivered.repeats += 1;
      return 'repeat';
    }
    if (this.whyLimited(notification.token, now) !== undefined) return 'rate_limited';
    const times = this.#recent(notification.token, now);
    times.push(now);
    this.#sent.delete(notification.token); // re-inserted last: the map drops the token used longest ago
    this.#sent.set(notification.token, times);
    if (this.#sent.size > this.#limit) this.#sent.delete(this.#sent.keys().next().value!);
    const delivered: DeliveredNotification = { ...notification, receivedAt: new Date(now).toISOString(), repeats: 0 };
    this.#seen.set(key, { at: now, delivered });
    if (this.#seen.size > this.#limit * 10) this.#seen.delete(this.#seen.keys().next().value!);
    this.#received.push(delivered);
    if (this.#received.length > this.#limit) this.#received.shift();
    return 'delivered';
  }

  /**
   * Why `token` may not receive a notification at `now`, in words for a developer (the interval
   * since its last one, or its day's share), or `undefined` when it may.
   */
  whyLimited(token: string, now = Date.now()): string | undefined {
    const times = this.#recent(token, now);
    const last = times.at(-1);
    const { intervalMs, perDay } = this.#limits;
    if (last !== undefined && now - last < intervalMs)
      return `the token received a notification ${seconds(now - last)} ago and may receive one per ${seconds(intervalMs)}: send again in ${seconds(last + intervalMs - now)}, with the same notificationId`;
    if (times.length >= perDay)
      return `the token received ${perDay} notifications in the last 24 hours, its day's share: send again in ${seconds(times[0]! + DAY_MS - now)}, with the same notificationId`;
    return undefined;
  }

  /** Copies of what users received, oldest first; of one user when `fid` is given. */
  received(fid?: number): DeliveredNotification[] {
    return this.#received.filter((item) => fid === undefined || item.fid === fid).map((item) => ({ ...item }));
  }

  /** The times `token` received a notification in the 24 hours before `now`, oldest first. */
  #recent(token: string, now: number): number[] {
    return (this.#sent.get(token) ?? []).filter((at) => at > now - DAY_MS);
  }

  // Keys are inserted in time order and all live 24 hours: the expired ones are at the front.
  #expire(now: number): void {
    for (const [key, { at }] of this.#seen) {
      if (at > now - DEDUPE_MS) break;
      this.#seen.delete(key);
    }
  }
}

/** `250 ms` under a second, `1.2 s` under a minute, `3 min 5 s` (or `1 min`) under an hour, `4 h 2 min` beyond. */
function seconds(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const total = ms / 1000;
  if (total < 60) return `${Number(total.toFixed(1))} s`;
  const whole = Math.round(total);
  const [big, small, bigUnit, smallUnit] =
    whole < 3600
      ? [Math.floor(whole / 60), whole % 60, 'min', 's']
      : [Math.floor(whole / 3600), Math.round((whole % 3600) / 60), 'h', 'min'];
  return small === 0 ? `${big} ${bigUnit}` : `${big} ${bigUnit} ${small} ${smallUnit}`;
}

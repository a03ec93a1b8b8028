import type { Notification } from '../notification.js';
import type { OpenCounts } from '../../opens/open-store.js';

/**
 * What became of one target of a notification: the outcomes a report counts, one each. A target's
 * last attempt gives its outcome; an attempt that will be tried again (rate-limited and held, a
 * request to retry) is in the user's timeline only.
 */
export const HISTORY_OUTCOMES = [
  'successful',
  'alreadySent',
  'invalid',
  'rateLimited',
  'failed',
  'expired',
  'remaining',
  'cancelled',
] as const;

export type HistoryOutcome = (typeof HISTORY_OUTCOMES)[number];

/** Targets by outcome. */
export type HistoryCounts = Record<HistoryOutcome, number>;

/** One target's outcome in one batch, as a sender hands it to the history: no token. */
export interface HistoryEntry {
  readonly fid: number;
  /** The client: its FID when known, else its notification URL's host (see {@link historyClient}). */
  readonly client: string;
  readonly outcome: HistoryOutcome;
  /** Why it failed (`failed`), or why it will be tried again. */
  readonly reason?: string;
  /** The target's last outcome in this notification: counted. `false` for an attempt tried again later, kept in the timeline only. */
  readonly final: boolean;
}

/** What a sender writes per batch (at most 100 targets): one call, one round trip on a shared store. */
export interface HistoryBatch {
  readonly notification: Notification;
  /** When the batch's outcomes came, in milliseconds since the epoch. */
  readonly at: number;
  readonly entries: readonly HistoryEntry[];
}

/** One notification (by `notificationId`), as the history kept it. */
export interface BroadcastHistory {
  readonly notificationId: string;
  readonly title: string;
  readonly body: string;
  readonly targetUrl: string;
  /** When its first batch was recorded, and its last, in milliseconds since the epoch. */
  readonly startedAt: number;
  readonly updatedAt: number;
  /** Targets by their last outcome: `successful` is the tokens a client delivered. */
  readonly counts: HistoryCounts;
  /** The `failed` targets by reason (the client's, or the last retried failure's). */
  readonly byReason: Readonly<Record<string, number>>;
  /** The same counts per client: its FID, or its notification URL's host when no FID is known. */
  readonly byClient: Readonly<Record<string, HistoryCounts>>;
  /**
   * Opens from the Mini App's launches: not kept by the history; `withOpens(history, opens)` joins
   * an `OpenStore`'s counts here. `undefined` without it.
   */
  readonly opens?: OpenCounts;
}

/** A page of {@link NotificationHistory.list}: newest first, and the cursor of the next page (`undefined` after the last). */
export interface HistoryPage {
  readonly broadcasts: readonly BroadcastHistory[];
  readonly cursor: string | undefined;
}

/** One attempt at one of a user's tokens. */
export interface TimelineAttempt {
  readonly at: number;
  readonly client: string;
  readonly outcome: HistoryOutcome;
  readonly reason?: string;
  readonly final: boolean;
}

/** One notification sent to a user, with every attempt at their tokens. */
export interface TimelineEntry {
  readonly notificationId: string;
  readonly title: string;
  readonly firstAt: number;
  readonly lastAt: number;
  /** Oldest first, the last {@link TIMELINE_ATTEMPTS} kept. */
  readonly attempts: readonly TimelineAttempt[];
}

/**
 * What was sent and what came of it: every notification by `notificationId` with its counts, and each
 * user's timeline. Every sending path (`createNotifier`, `createBroadcasts`, the BullMQ
 * `notificationWorker`, the Cloudflare Queues `notificationConsumer`) writes it once per batch through
 * its `history` option.
 * `memoryNotificationHistory()`, `redisNotificationHistory({ client })` from
 * `@social-webhooks/redis`, or any object of this shape.
 */
export interface NotificationHistory {
  /** Adds one batch's outcomes. A sender calls it once per batch; a failure is logged, never fails the send. */
  record(batch: HistoryBatch): Promise<void>;
  /** Notifications newest first (by when their first batch was recorded), `limit` (default 20, at most 1,000) a page. */
  list(options?: { readonly limit?: number; readonly cursor?: string }): Promise<HistoryPage>;
  /** One notification, or `undefined` when none was recorded (or it lapsed). */
  get(notificationId: string): Promise<BroadcastHistory | undefined>;
  /** What the user `fid` was sent, newest first, `limit` (default and at most {@link TIMELINE_LIMIT}) entries. */
  timeline(fid: number, options?: { readonly limit?: number }): Promise<TimelineEntry[]>;
}

/** How long a notification and a timeline are kept after their last change: 30 days. */
export const DEFAULT_HISTORY_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
/** Notifications kept per user: the last 100. */
export const TIMELINE_LIMIT = 100;
/** Attempts kept per notification in a user's timeline: the last 20. */
export const TIMELINE_ATTEMPTS = 20;
export const DEFAULT_HISTORY_PAGE = 20;
export const MAX_HISTORY_PAGE = 1_000;

/** Zero of every outcome. */
export function emptyCounts(): HistoryCounts {
  return Object.fromEntries(HISTORY_OUTCOMES.map((outcome) => [outcome, 0])) as HistoryCounts;
}

/** The client of a target: its FID when known (a client's FID is positive), else the host of its notification URL. */
export function historyClient(appFid: number, url: string): string {
  if (Number.isSafeInteger(appFid) && appFid > 0) return String(appFid);
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

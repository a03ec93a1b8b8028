import { WebhookError } from '../errors.js';

/** Opens of one notification, and of each client the page said it ran in. */
export interface OpenCounts {
  /** Every open recorded: a user who opens the notification twice counts twice. */
  readonly opens: number;
  /** Distinct FIDs that opened it. */
  readonly uniqueOpens: number;
  /**
   * The same counts per client FID (9152 for Farcaster's own client), as the page reported it: the
   * Quick Auth token does not carry the client, so this split is the page's word, not signed.
   * Opens reported without a client are in the totals only.
   */
  readonly byClient: Record<string, { readonly opens: number; readonly uniqueOpens: number }>;
}

/** One open: the notification, the FID its Quick Auth token proved, the client the page named. */
export interface OpenRecord {
  readonly notificationId: string;
  /** The FID of the verified token (`sub`): never a FID from the request's body. */
  readonly fid: number;
  /** The client FID the page reported (`context.client.clientFid`); not signed. */
  readonly clientFid?: number | undefined;
  /** When the open was received, epoch milliseconds. */
  readonly at: number;
}

/**
 * Where opens are counted, per notification id: every open, and the distinct FIDs among them, in all
 * and per client. `memoryOpenStore()` here; `redisOpenStore({ client })` of `@social-webhooks/redis`
 * for several instances. The counts of a notification are kept `retentionMs` after its last open.
 */
export interface OpenStore {
  /** Counts one open; `unique` is true when this FID had not opened this notification before. */
  record(open: OpenRecord): Promise<{ readonly unique: boolean }>;
  /** The counts of a notification: zeros when none was recorded (or they lapsed). */
  counts(notificationId: string): Promise<OpenCounts>;
}

/** How long a notification's open counts are kept after its last open, by default: 30 days. */
export const DEFAULT_OPEN_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** The counts of a notification nobody opened. */
export function noOpens(): OpenCounts {
  return { opens: 0, uniqueOpens: 0, byClient: {} };
}

/** `retentionMs` as given, or the default; a store's factory fails through `fail` on a bad value. */
export function resolveOpenRetention(retentionMs: unknown, fail: (message: string) => never): number {
  if (retentionMs === undefined) return DEFAULT_OPEN_RETENTION_MS;
  if (typeof retentionMs !== 'number' || !Number.isSafeInteger(retentionMs) || retentionMs <= 0) {
    return fail(
      `\`retentionMs\` must be a positive whole number of milliseconds (default ${DEFAULT_OPEN_RETENTION_MS}, 30 days); got ${String(retentionMs)}.`,
    );
  }
  return retentionMs;
}

/** Checks an open handed to a store, so a caller's mistake is named rather than stored. */
export function checkOpenRecord(open: OpenRecord, store: string): void {
  const bad = (message: string): never => {
    throw new WebhookError('invalid_options', `${store}: record(): ${message}`);
  };
  if (typeof open !== 'object' || open === null) bad('takes { notificationId, fid, clientFid?, at }.');
  if (typeof open.notificationId !== 'string' || open.notificationId === '') bad('`notificationId` must be a non-empty string.');
  if (!isPositiveInteger(open.fid)) bad(`\`fid\` must be a positive integer; got ${String(open.fid)}.`);
  if (open.clientFid !== undefined && !isPositiveInteger(open.clientFid))
    bad(`\`clientFid\` must be a positive integer; got ${String(open.clientFid)}.`);
  if (typeof open.at !== 'number' || !Number.isFinite(open.at)) bad('`at` must be a time in epoch milliseconds.');
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

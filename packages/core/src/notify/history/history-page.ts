import { WebhookError } from '../../errors.js';
import { DEFAULT_HISTORY_PAGE, MAX_HISTORY_PAGE, TIMELINE_LIMIT } from './history.js';

/** Where a page of `list()` starts: after the notification started at `startedAt` with id `notificationId`. */
export interface HistoryCursor {
  readonly startedAt: number;
  readonly notificationId: string;
}

/** The cursor after a notification, as `list()` answers it: `<startedAt>.<notificationId>`. */
export function cursorAfter(startedAt: number, notificationId: string): string {
  return `${startedAt}.${notificationId}`;
}

/** Whether a notification comes after `cursor`, newest first (ties on `startedAt` by id, descending). */
export function isAfter(cursor: HistoryCursor | undefined, startedAt: number, notificationId: string): boolean {
  if (cursor === undefined) return true;
  return startedAt < cursor.startedAt || (startedAt === cursor.startedAt && notificationId < cursor.notificationId);
}

/**
 * `list()`'s options, checked: the page size and the cursor a previous page answered.
 * @throws {WebhookError} `invalid_options` when `limit` is not an integer from 1 to 1,000 or `cursor` is not one `list()` answered.
 */
export function listOptions(
  options: { readonly limit?: number; readonly cursor?: string } | undefined,
  source: string,
): { limit: number; cursor: HistoryCursor | undefined } {
  const limit = options?.limit ?? DEFAULT_HISTORY_PAGE;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_HISTORY_PAGE) {
    throw new WebhookError(
      'invalid_options',
      `${source}: \`limit\` must be an integer from 1 to ${MAX_HISTORY_PAGE}; got ${String(limit)}.`,
    );
  }
  const raw = options?.cursor;
  if (raw === undefined) return { limit, cursor: undefined };
  const dot = typeof raw === 'string' ? raw.indexOf('.') : -1;
  const startedAt = dot > 0 ? Number(raw.slice(0, dot)) : NaN;
  if (!Number.isSafeInteger(startedAt)) {
    throw new WebhookError(
      'invalid_options',
      `${source}: \`cursor\` is what the previous page answered as its cursor; got ${JSON.stringify(raw)}.`,
    );
  }
  return { limit, cursor: { startedAt, notificationId: raw.slice(dot + 1) } };
}

/**
 * `timeline()`'s FID and limit, checked.
 * @throws {WebhookError} `invalid_options` when `fid` is not a positive integer or `limit` not one from 1 to 100.
 */
export function timelineOptions(fid: number, options: { readonly limit?: number } | undefined, source: string): number {
  if (!Number.isSafeInteger(fid) || fid <= 0) {
    throw new WebhookError(
      'invalid_options',
      `${source}: \`fid\` must be a positive integer (a Farcaster user's FID); got ${String(fid)}.`,
    );
  }
  const limit = options?.limit ?? TIMELINE_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > TIMELINE_LIMIT) {
    throw new WebhookError('invalid_options', `${source}: \`limit\` must be an integer from 1 to ${TIMELINE_LIMIT}; got ${String(limit)}.`);
  }
  return limit;
}

/** The `keepMs` option of a history: a positive integer of milliseconds, default 30 days. */
export function resolveHistoryKeepMs(keepMs: unknown, fallback: number, fail: (message: string) => never): number {
  const resolved = keepMs ?? fallback;
  if (typeof resolved !== 'number' || !Number.isSafeInteger(resolved) || resolved <= 0) {
    fail(`\`keepMs\` must be a positive integer of milliseconds (default ${fallback}, 30 days); got ${String(keepMs)}.`);
  }
  return resolved as number;
}

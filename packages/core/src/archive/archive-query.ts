import { WebhookError } from '../errors.js';
import { DEFAULT_ARCHIVE_PAGE, MAX_ARCHIVE_PAGE, type ArchiveQuery } from './delivery-archive.js';

/** The last arrival time an id was made for in this process, and how many were made for it. */
let lastMs = -1;
let sequence = 0;

/**
 * A new archived delivery's id: its arrival time in 13 digits, then a count of the ids this process
 * made in that same millisecond (6 hex digits) and 6 random hex digits. Ids then sort as deliveries
 * arrived, in one process even within a millisecond (two events of one user, added then removed, are
 * replayed in their order), so a store keeps one ordered index (a sorted set by id) and a cursor is
 * the last id of a page. Two processes' deliveries of one millisecond sort at random between them.
 */
export function newArchiveId(receivedAt: number): string {
  const ms = Math.max(0, Math.floor(receivedAt));
  sequence = ms === lastMs ? sequence + 1 : 0;
  lastMs = ms;
  const count = (sequence % 0x1000000).toString(16).padStart(6, '0');
  return `${String(ms).padStart(13, '0')}-${count}${crypto.randomUUID().replaceAll('-', '').slice(0, 6)}`;
}

/** The lowest id of a delivery that arrived at `ms` or later. */
export function idFloor(ms: number): string {
  return String(Math.max(0, Math.floor(ms))).padStart(13, '0');
}

/** A query checked, its defaults filled in. */
export interface ResolvedQuery {
  readonly since: number | undefined;
  readonly until: number | undefined;
  readonly sender: string | undefined;
  readonly eventName: string | undefined;
  readonly code: string | undefined;
  readonly limit: number;
  readonly cursor: string | undefined;
  readonly order: 'asc' | 'desc';
}

/**
 * Checks a query.
 * @throws {WebhookError} `invalid_options` for a limit that is not a whole number from 1 to 1,000, a
 *   time that is not a number of ms, an order other than `asc` or `desc`.
 */
export function resolveQuery(query: ArchiveQuery | undefined, source: string): ResolvedQuery {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${source}: the archive query's ${message}`);
  };
  const { since, until, sender, eventName, code, cursor } = query ?? {};
  const limit = query?.limit ?? DEFAULT_ARCHIVE_PAGE;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_ARCHIVE_PAGE)
    fail(`\`limit\` must be a whole number from 1 to ${MAX_ARCHIVE_PAGE}; got ${String(limit)}.`);
  for (const [name, value] of [
    ['since', since],
    ['until', until],
  ] as const) {
    if (value !== undefined && !Number.isFinite(value))
      fail(`\`${name}\` must be a time in ms since the epoch (Date.parse(...)); got ${String(value)}.`);
  }
  const order = query?.order ?? 'desc';
  if (order !== 'asc' && order !== 'desc') fail(`\`order\` must be 'asc' or 'desc'; got ${JSON.stringify(order)}.`);
  return { since, until, sender, eventName, code, limit, cursor, order };
}

/** Whether a delivery's filterable fields pass a query's filters (the window and the cursor aside). */
export function passesFilters(
  delivery: { readonly sender: string; readonly eventName: string | undefined; readonly code: string },
  query: ResolvedQuery,
): boolean {
  return (
    (query.sender === undefined || delivery.sender === query.sender) &&
    (query.eventName === undefined || delivery.eventName === query.eventName) &&
    (query.code === undefined || delivery.code === query.code)
  );
}

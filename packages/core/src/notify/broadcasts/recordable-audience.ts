import { WebhookError } from '../../errors.js';

/** Who a resumable broadcast is for: one user's FID, a list of FIDs, or every user in the token store. */
export type RecordableAudience = number | readonly number[] | 'all';

/** The most FIDs a broadcast's record keeps as its audience (about 8 bytes each as JSON). */
export const MAX_RECORDED_FIDS = 100_000;

/**
 * `to` as a record keeps it: `'all'`, or the distinct FIDs in ascending order (so the same users in
 * another order are the same broadcast, and a position in the list is a cursor).
 * @throws {WebhookError} `invalid_options`, starting with `source`, for an audience a record cannot
 *   keep (an exclude list, a predicate, an iterable: `notifier.send` takes those) or a list too long.
 */
export function recordableAudience(to: unknown, source: string): 'all' | number[] {
  if (to === 'all') return 'all';
  const fid = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
  if (fid(to)) return [to];
  if (Array.isArray(to) && to.every(fid)) {
    if (to.length > MAX_RECORDED_FIDS) {
      throw new WebhookError(
        'invalid_options',
        `${source}: a list of ${to.length} FIDs is more than a record keeps (${MAX_RECORDED_FIDS}): start one broadcast per part, each with its own notificationId, or broadcast to 'all'.`,
      );
    }
    return [...new Set(to)].sort((a, b) => a - b);
  }
  const shown = typeof to === 'object' && to !== null && !Array.isArray(to) ? 'an object' : (JSON.stringify(to) ?? String(to)).slice(0, 80);
  throw new WebhookError(
    'invalid_options',
    `${source}: \`to\` is a user's FID, a list of FIDs, or 'all', which a record can keep; got ${shown}. ` +
      'For another audience (an exclude list, a predicate, an iterable of FIDs), send with createNotifier().send(notification, { to }).',
  );
}

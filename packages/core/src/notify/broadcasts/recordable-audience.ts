import { WebhookError } from '../../errors.js';
import { audienceTimeMs } from '../audience-enabled.js';
import { checkAudience, isFid, type AudienceClient, type ClientAudience, type EveryoneAudience, type FidsAudience } from '../audience.js';

/**
 * Who a resumable broadcast is for, in the forms a record can keep as JSON: one user's FID, a list of
 * FIDs, `'all'`, or an audience object of `all`, a `fids` list, `exclude`, `client`, `enabledSince`
 * and `enabledBefore` (`{ all: true, exclude: [3] }`, `{ client: 9152 }`, `{ all: true, enabledSince:
 * '2026-11-01T00:00:00Z' }`; a time is kept as milliseconds). No `where` function and no iterable of FIDs:
 * `notifier.send` takes those.
 */
export type RecordableAudience =
  | number
  | readonly number[]
  | 'all'
  | Omit<EveryoneAudience, 'where'>
  | (Omit<FidsAudience, 'where' | 'fids'> & { readonly fids: readonly number[] })
  | Omit<ClientAudience, 'where'>;

/** An audience as a record keeps it: everyone or the distinct FIDs in ascending order, narrowed. */
export interface RecordedAudience {
  readonly to: 'all' | number[];
  /** FIDs left out of everyone, distinct and ascending (a list has them taken out already). */
  readonly exclude?: number[];
  /** Only this client's targets: its FID or its notification URL. */
  readonly client?: AudienceClient;
  /** Only the targets enabled at this time or later, in milliseconds since the epoch. */
  readonly enabledSince?: number;
  /** Only the targets enabled before this time, in milliseconds since the epoch. */
  readonly enabledBefore?: number;
}

/** The most FIDs a broadcast's record keeps as its audience (about 8 bytes each as JSON). */
export const MAX_RECORDED_FIDS = 100_000;

/**
 * `to` as a record keeps it: `'all'`, or the distinct FIDs in ascending order (so the same users in
 * another order are the same broadcast, and a position in the list is a cursor), with `exclude` (taken
 * out of a list at once), `client`, and `enabledSince` and `enabledBefore` in milliseconds.
 * @throws {WebhookError} `invalid_options`, starting with `source`, for an audience a record cannot
 *   keep (a predicate, an iterable: `notifier.send` takes those) or a list too long.
 */
export function recordableAudience(to: unknown, source: string): RecordedAudience {
  if (to === 'all') return { to: 'all' };
  if (isFid(to)) return { to: [to] };
  if (Array.isArray(to) && to.every(isFid)) return { to: sortedList(to, source) };
  if (typeof to !== 'object' || to === null || Array.isArray(to)) {
    throw new WebhookError(
      'invalid_options',
      `${source}: \`to\` is a user's FID, a list of FIDs, 'all', or an audience object ({ all: true, exclude: [3] }, { fids: [1, 2] }, ` +
        `{ client: 9152 }); got ${(JSON.stringify(to) ?? String(to)).slice(0, 80)}.`,
    );
  }
  checkAudience(to, { source, forms: 'json' });
  const { fids, exclude, client, enabledSince, enabledBefore } = to as {
    fids?: readonly number[];
    exclude?: readonly number[];
    client?: AudienceClient;
    enabledSince?: unknown;
    enabledBefore?: unknown;
  };
  // checkAudience let only times through: each is kept as milliseconds, so a record and a job are JSON.
  const narrowing = {
    ...(client !== undefined && { client }),
    ...(enabledSince !== undefined && { enabledSince: audienceTimeMs(enabledSince)! }),
    ...(enabledBefore !== undefined && { enabledBefore: audienceTimeMs(enabledBefore)! }),
  };
  if (fids !== undefined) {
    const left = new Set(exclude);
    return { to: sortedList(fids, source).filter((fid) => !left.has(fid)), ...narrowing };
  }
  const excluded = exclude === undefined || exclude.length === 0 ? {} : { exclude: [...new Set(exclude)].sort((a, b) => a - b) };
  return { to: 'all', ...excluded, ...narrowing };
}

function sortedList(fids: readonly number[], source: string): number[] {
  if (fids.length > MAX_RECORDED_FIDS) {
    throw new WebhookError(
      'invalid_options',
      `${source}: a list of ${fids.length} FIDs is more than a record keeps (${MAX_RECORDED_FIDS}): start one broadcast per part, each with its own notificationId, or broadcast to 'all' narrowed by exclude, client or enabledSince.`,
    );
  }
  return [...new Set(fids)].sort((a, b) => a - b);
}

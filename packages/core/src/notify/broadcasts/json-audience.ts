import { audienceTimeMs } from '../audience-enabled.js';
import { checkAudience, type NotificationAudience } from '../audience.js';
import type { RecordableAudience } from './recordable-audience.js';

/**
 * A JSON copy of an audience that `checkAudience(…, { forms: 'json' })` let through, for a queued job
 * or message: the caller's arrays are never kept, and `enabledSince` and `enabledBefore` are
 * milliseconds (a `Date` would reach the worker as a string). `where` and an iterable of FIDs are not
 * JSON: the check refuses them first.
 */
export function jsonAudience(to: NotificationAudience): RecordableAudience {
  if (typeof to !== 'object') return to;
  if (Array.isArray(to)) return [...(to as readonly number[])];
  const { fids, exclude, client, enabledSince, enabledBefore } = to as Exclude<NotificationAudience, number | 'all' | readonly number[]>;
  return {
    ...('all' in to && to.all === true && { all: true }),
    ...(Array.isArray(fids) && { fids: [...(fids as readonly number[])] }),
    ...(exclude !== undefined && { exclude: [...exclude] }),
    ...(client !== undefined && { client }),
    ...(enabledSince !== undefined && { enabledSince: audienceTimeMs(enabledSince) }),
    ...(enabledBefore !== undefined && { enabledBefore: audienceTimeMs(enabledBefore) }),
  } as RecordableAudience;
}

/**
 * Whether a job's or a message's audience, read back from JSON, is one `jsonAudience` writes: a FID, a
 * non-empty list, `'all'`, or an object of `all`, a `fids` list, `exclude`, `client`, `enabledSince`
 * and `enabledBefore` that `checkAudience` passes. Anything else (an unknown key, `all: 'yes'`, a
 * `where`) is no audience, never read as everyone.
 */
export function isJsonAudience(value: unknown): value is RecordableAudience {
  try {
    checkAudience(value, { source: 'audience', emptyList: 'refused', forms: 'json' });
    return true;
  } catch {
    return false;
  }
}

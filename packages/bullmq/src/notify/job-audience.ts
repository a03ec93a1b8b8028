import { createHash } from 'node:crypto';
import { audienceTimeMs, type RecordableAudience } from '@social-webhooks/core';

/**
 * An audience a durable broadcast takes, as its plan job carries it: plain JSON, what
 * `checkAudience(…, { forms: 'json' })` lets through (a FID, a list, `'all'`, or an object of `all`, a
 * `fids` list, `exclude`, `client`, `enabledSince`, `enabledBefore`): no `where` function, no iterable
 * of FIDs. The forms a resumable broadcast's record keeps too; core's `jsonAudience` writes it.
 */
export type BroadcastAudience = RecordableAudience;

/**
 * The broadcast's id: the notification's id for everyone, and that id with a digest of the audience
 * (`<notificationId>@<16 hex digits>`) for any other, so that one notification sent to two audiences is
 * two broadcasts, and the same audience twice is one, however it is spelt: `[2, 1, 2]` and
 * `{ fids: [1, 2] }` are one audience, `'all'` and `{ all: true }` another.
 */
export function broadcastId(notificationId: string, to: BroadcastAudience): string {
  const key = audienceKey(to);
  return key === undefined ? notificationId : `${notificationId}@${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

/** What tells audiences apart, or undefined for everyone; a list's key is the one it always had (its sorted FIDs). */
function audienceKey(to: BroadcastAudience): string | undefined {
  if (to === 'all') return undefined;
  if (typeof to === 'number' || isList(to)) return sortedKey(typeof to === 'number' ? [to] : to);
  const { fids, exclude, client, enabledSince, enabledBefore } = to as {
    fids?: readonly number[];
    exclude?: readonly number[];
    client?: number | string;
    enabledSince?: unknown;
    enabledBefore?: unknown;
  };
  const fidsKey = fids === undefined ? undefined : sortedKey(fids);
  const excludeKey = exclude === undefined || exclude.length === 0 ? undefined : sortedKey(exclude);
  const timed = enabledSince !== undefined || enabledBefore !== undefined;
  if (excludeKey === undefined && client === undefined && !timed) return fidsKey;
  // The times (as milliseconds, however given) only when given: other audiences keep the ids they always had.
  const times = timed ? [msOrEmpty(enabledSince), msOrEmpty(enabledBefore)] : [];
  return JSON.stringify([fidsKey ?? 'all', excludeKey ?? '', client ?? '', ...times]);
}

function msOrEmpty(time: unknown): number | '' {
  return time === undefined ? '' : (audienceTimeMs(time) ?? '');
}

function sortedKey(fids: readonly number[]): string {
  return [...new Set(fids)].sort((a, b) => a - b).join(',');
}

function isList(value: unknown): value is readonly number[] {
  return Array.isArray(value);
}

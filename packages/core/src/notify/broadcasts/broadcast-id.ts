import type { BroadcastPlan } from './record-store.js';

/**
 * A broadcast's id: its `notificationId` for everyone; followed by `:fids:` and a digest (SHA-256,
 * 16 hex digits) of the FIDs for one user or a list; by `:audience:` and a digest of the audience for
 * one narrowed by `exclude`, `client`, `enabledSince` or `enabledBefore`. So the same notification to
 * the same audience is the same broadcast, and to another audience another. `expiresAt` is not part
 * of it. Web Crypto's digest: Node, Bun, Deno, Workers.
 */
export async function broadcastId({ notification, to, exclude, client, enabledSince, enabledBefore }: BroadcastPlan): Promise<string> {
  const { notificationId } = notification;
  const timed = enabledSince !== undefined || enabledBefore !== undefined;
  if (exclude === undefined && client === undefined && !timed) {
    return to === 'all' ? notificationId : `${notificationId}:fids:${await digest(to.join(','))}`;
  }
  // The times only when given: an audience narrowed by exclude or client keeps the id it always had.
  const times = timed ? [enabledSince ?? null, enabledBefore ?? null] : [];
  return `${notificationId}:audience:${await digest(JSON.stringify([to, exclude ?? [], client ?? null, ...times]))}`;
}

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes.subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

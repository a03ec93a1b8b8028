import type { BroadcastPlan } from './record-store.js';

/**
 * A broadcast's id: its `notificationId` for `'all'`, followed by `:fids:` and a digest (SHA-256, 16
 * hex digits) of the FIDs for one user or a list, so the same notification to the same audience is
 * the same broadcast, and to another audience another. Web Crypto's digest: Node, Bun, Deno, Workers.
 */
export async function broadcastId({ notification, to }: BroadcastPlan): Promise<string> {
  if (to === 'all') return notification.notificationId;
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(to.join(','))));
  const hex = Array.from(bytes.subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${notification.notificationId}:fids:${hex}`;
}

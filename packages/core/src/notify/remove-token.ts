import type { NotificationTokenStore } from '../senders/miniapp/token-store.js';
import type { BatchTarget } from './notification.js';

/**
 * Forgets a token a client called dead, unless the user has a newer one from that client by now: the
 * store's atomic `deleteToken` when it has one, else a read, a compare and a delete of that client's
 * target alone.
 */
export async function removeToken(store: NotificationTokenStore, target: BatchTarget): Promise<boolean> {
  if (typeof store.deleteToken === 'function') return store.deleteToken(target);
  const held = await store.get(target.fid);
  if (!held.some((current) => current.appFid === target.appFid && current.token === target.token)) return false;
  await store.delete({ fid: target.fid, appFid: target.appFid });
  return true;
}

import type { NotificationTokenStore } from '@social-webhooks/core';
import type { StandInClient } from './notification-client.js';

/** Whole numbers from `from`, `count` of them: FIDs for a test's users. */
export const range = (count: number, from = 1): number[] => Array.from({ length: count }, (_, index) => from + index);

/** Saves a token the stand-in client issued for each of `fids` (through the app `appFid`), and returns them. */
export async function fillTokens(store: NotificationTokenStore, to: StandInClient, fids: number[], appFid = 9152): Promise<string[]> {
  const tokens: string[] = [];
  for (const fid of fids) {
    const token = to.issue(fid, appFid);
    tokens.push(token);
    await store.save({ fid, appFid, url: to.url, token });
  }
  return tokens;
}

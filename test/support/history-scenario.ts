import { HISTORY_OUTCOMES, type BroadcastHistory, type NotificationTokenStore } from '@social-webhooks/core';
import { expect } from 'vitest';
import { startNotificationClient, type StandInClient } from './notification-client.js';
import { fillTokens, range } from './token-fill.js';

/** The notification the history tests send; its targetUrl is on `app.example.com`. */
export const digest = { notificationId: 'digest-1', title: 'Digest', body: 'Three new casts', targetUrl: 'https://app.example.com/d' };

/** Users and clients of the history tests. */
export const WARPCAST_FID = 9152;
export const OTHER_FID = 309857;
export const goodUsers = range(250);
export const revokedUsers = range(20);
export const otherUsers = range(150, 1001);

/**
 * Two stand-in clients, in `store`: one (app 9152) with 250 users, 20 of whose tokens are revoked
 * and whose first request answers 503 (retried); one (app 309857) on another domain, which answers
 * `domain_mismatch` for every token, with 150 users (its other batch is left `remaining`, or fails
 * the same when it was in flight).
 */
export async function historyClients(store: NotificationTokenStore): Promise<{ good: StandInClient; other: StandInClient }> {
  const good = await startNotificationClient();
  const other = await startNotificationClient({ domain: 'other.example.com' });
  const tokens = await fillTokens(store, good, goodUsers, WARPCAST_FID);
  for (const token of tokens.slice(0, revokedUsers.length)) good.revoke(token);
  await fillTokens(store, other, otherUsers, OTHER_FID);
  good.fault({ count: 1, status: 503 });
  return { good, other };
}

/** Users the client delivered `notificationId` to: what the history's `successful` must equal. */
export function deliveredTo(client: StandInClient, notificationId: string): number[] {
  return [...client.delivered.keys()].filter((key) => key.endsWith(`:${notificationId}`)).map((key) => Number(key.split(':')[0]));
}

/** What a report (or a broadcast's progress) counted, as the history counts it. */
export interface CountedOutcomes {
  readonly successful: number;
  readonly alreadySent: number;
  readonly invalid: number;
  readonly rateLimited?: number;
  readonly remaining: number;
  readonly expired?: number;
  readonly failed: Readonly<Record<string, number>>;
}

/** Checks the history's record of `notificationId` against what the sender counted and what the clients saw. */
export function expectHistoryOf(history: BroadcastHistory | undefined, counted: CountedOutcomes, good: StandInClient): BroadcastHistory {
  expect(history).toBeDefined();
  const kept = history!;
  const failed = Object.values(counted.failed).reduce((sum, count) => sum + count, 0);
  expect(kept.counts).toEqual({
    successful: counted.successful,
    alreadySent: counted.alreadySent,
    invalid: counted.invalid,
    rateLimited: counted.rateLimited ?? 0,
    failed,
    expired: counted.expired ?? 0,
    remaining: counted.remaining,
    cancelled: 0,
  });
  expect(kept.byReason).toEqual(counted.failed);
  // The client is the judge: every user it delivered to is counted successful, and no one else.
  expect(kept.counts.successful).toBe(deliveredTo(good, kept.notificationId).length);
  for (const outcome of HISTORY_OUTCOMES) {
    const byClient = Object.values(kept.byClient).reduce((sum, counts) => sum + counts[outcome], 0);
    expect(byClient, outcome).toBe(kept.counts[outcome]);
  }
  expect(kept).toMatchObject({ title: digest.title, body: digest.body, targetUrl: digest.targetUrl });
  expect(kept.opens).toBeUndefined();
  return kept;
}

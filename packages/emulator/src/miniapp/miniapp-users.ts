import type { MiniAppEventName } from '@social-webhooks/core';
import type { DeliveryState } from '../delivery/delivery-log.js';
import type { MiniAppDeliveryRecord } from './miniapp-deliveries.js';
import type { IssuedToken, TokenState } from './notification-tokens.js';
import { tokenPrefix } from './token-prefix.js';

/** A token as the users view shows it: its prefix (token-prefix.ts), never the whole, and its state. */
export interface UserToken {
  readonly tokenPrefix: string;
  readonly state: TokenState;
  readonly issuedAt: string;
  readonly endedAt: string | null;
  /** The Mini App's domain a notification's `targetUrl` must be on, or `null` (not checked). */
  readonly domain: string | null;
}

/**
 * A user of a Mini App in one client, as the emulator knows them: from the Mini App events it sent
 * (the last one, and whether the app took it) and the tokens it issued them, newest first.
 */
export interface MiniAppUser {
  readonly fid: number;
  readonly appFid: number;
  /** The Mini App, by its `webhookUrl`. */
  readonly webhookUrl: string;
  /** The last Mini App event sent for this user, or `null` when the log no longer keeps it. */
  readonly lastEvent: {
    readonly eventName: MiniAppEventName;
    readonly at: string;
    readonly deliveryId: string;
    readonly state: DeliveryState;
  } | null;
  readonly tokens: readonly UserToken[];
}

/**
 * The users of every Mini App the emulator sent events to, by FID then client then `webhookUrl`;
 * one user's when `fid` is given. Derived from the delivery log and the tokens issued, so it keeps
 * what they keep (the newest `logLimit` of each).
 */
export function listUsers(deliveries: readonly MiniAppDeliveryRecord[], tokens: readonly IssuedToken[], fid?: number): MiniAppUser[] {
  const users = new Map<
    string,
    { fid: number; appFid: number; webhookUrl: string; lastEvent: MiniAppUser['lastEvent']; tokens: UserToken[] }
  >();
  const userOf = (fid: number, appFid: number, webhookUrl: string) => {
    const key = JSON.stringify([fid, appFid, webhookUrl]);
    let user = users.get(key);
    if (user === undefined) users.set(key, (user = { fid, appFid, webhookUrl, lastEvent: null, tokens: [] }));
    return user;
  };
  for (const delivery of deliveries) {
    if (fid !== undefined && delivery.fid !== fid) continue;
    const { eventName, createdAt: at, deliveryId, state } = delivery;
    userOf(delivery.fid, delivery.appFid, delivery.endpoint).lastEvent = { eventName, at, deliveryId, state };
  }
  for (const issued of tokens) {
    if (fid !== undefined && issued.fid !== fid) continue;
    const { state, issuedAt, endedAt, domain } = issued;
    userOf(issued.fid, issued.appFid, issued.webhookUrl).tokens.unshift({
      tokenPrefix: tokenPrefix(issued.token),
      state,
      issuedAt,
      endedAt,
      domain,
    });
  }
  return [...users.values()].sort((a, b) => a.fid - b.fid || a.appFid - b.appFid || a.webhookUrl.localeCompare(b.webhookUrl));
}

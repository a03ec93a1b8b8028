import type { NotificationTokens } from './notification-tokens.js';
import type { ReceivedNotification } from './receive-notification.js';

/** What one client (by its FID) answered for one notification's tokens. */
export interface BroadcastClientCounts {
  /** Shown to the user now. */
  delivered: number;
  /** Answered successful, already shown to that user within 24 hours: not shown again. */
  repeats: number;
  invalid: number;
  rateLimited: number;
  failed: number;
}

/** One notificationId as the emulator received it: requests, tokens and what it answered, in all and per client. */
export interface EmulatedBroadcast extends BroadcastClientCounts {
  readonly notificationId: string;
  readonly title: string;
  readonly firstAt: string;
  lastAt: string;
  requests: number;
  tokens: number;
  readonly byReason: Record<string, number>;
  readonly byClient: Record<string, BroadcastClientCounts>;
}

const zero = (): BroadcastClientCounts => ({ delivered: 0, repeats: 0, invalid: 0, rateLimited: 0, failed: 0 });

/**
 * The notifications the emulator received (its inbox, the newest kept), by `notificationId`, newest
 * first: what a sender's history should say of them, from the client's side. A token the emulator
 * never issued is counted under the client `unknown`. No token is in the answer.
 */
export function broadcastsOf(inbox: readonly ReceivedNotification[], tokens: NotificationTokens): EmulatedBroadcast[] {
  const byId = new Map<string, EmulatedBroadcast>();
  for (const { receivedAt, request, result, recipients, repeatTokens } of inbox) {
    let kept = byId.get(request.notificationId);
    if (kept === undefined) {
      kept = {
        notificationId: request.notificationId,
        title: request.title,
        firstAt: receivedAt,
        lastAt: receivedAt,
        requests: 0,
        tokens: 0,
        ...zero(),
        byReason: {},
        byClient: {},
      };
      byId.set(request.notificationId, kept);
    }
    kept.lastAt = receivedAt;
    kept.requests += 1;
    kept.tokens += request.tokens.length;
    const count = (token: string, outcome: keyof BroadcastClientCounts) => {
      const client = String(tokens.find(token)?.appFid ?? 'unknown');
      kept[outcome] += 1;
      (kept.byClient[client] ??= zero())[outcome] += 1;
    };
    for (const { token } of recipients) count(token, 'delivered');
    for (const token of repeatTokens) count(token, 'repeats');
    for (const token of result.invalidTokens) count(token, 'invalid');
    for (const token of result.rateLimitedTokens) count(token, 'rateLimited');
    for (const { token, reason } of result.failedTokens) {
      count(token, 'failed');
      kept.byReason[reason] = (kept.byReason[reason] ?? 0) + 1;
    }
  }
  return [...byId.values()].reverse();
}

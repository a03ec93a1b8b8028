import { z } from 'zod';
import { firstIssue } from '../api/requests.js';
import type { RouteAnswer } from '../api/management-routes.js';
import type { NotificationLedger } from './notification-ledger.js';
import type { NotificationRefusals } from './notification-refusals.js';
import type { NotificationTokens } from './notification-tokens.js';

/** What a Mini App POSTs to `notificationDetails.url`, and the client's answer. */
export interface NotificationRequest {
  readonly notificationId: string;
  readonly title: string;
  readonly body: string;
  readonly targetUrl: string;
  readonly tokens: readonly string[];
}

/** Why a token failed (`failedTokens`, @farcaster/miniapp-core's `sendNotificationResponseSchema`). */
export type FailedTokenReason = 'domain_mismatch' | 'target_url_mismatch' | 'no_webhook_url' | 'invalid_token' | 'unknown';

/** A token the client did not deliver to for a reason other than invalid or rate-limited. */
export interface FailedToken {
  readonly token: string;
  readonly fid: number;
  readonly reason: FailedTokenReason;
}

/**
 * The client's answer: which tokens it delivered to (or had already delivered this notification
 * to), which it no longer honours, which it held back for the rate limits, and which failed.
 */
export interface NotificationResult {
  readonly successfulTokens: string[];
  readonly invalidTokens: string[];
  readonly rateLimitedTokens: string[];
  readonly failedTokens: FailedToken[];
}

/** A notification request the emulator received, what it answered, and the users it reached. */
export interface ReceivedNotification {
  readonly receivedAt: string;
  readonly request: NotificationRequest;
  readonly result: NotificationResult;
  /** One per token whose user received it now: the user and client it reached. */
  readonly recipients: readonly { readonly token: string; readonly fid: number; readonly appFid: number }[];
  /** Tokens answered successful whose user had already received this `notificationId` (within 24 h): not shown again. */
  readonly repeatTokens: readonly string[];
}

// `sendNotificationRequestSchema` of @farcaster/miniapp-core 0.6.0 (schemas/notifications.js), its
// limits and its `secureUrlSchema` for targetUrl: https, at most 1,024 characters, no space, on a
// domain name (not localhost, not an IP address). Unknown fields are dropped, as z.object drops them.
const requestSchema = z.object({
  notificationId: z.string().max(128),
  title: z.string().max(32),
  body: z.string().max(128),
  targetUrl: z.string().max(1024).refine(isSecureUrl, {
    message:
      'must be an https URL on a domain name (not localhost nor an IP address), as Farcaster clients require; use your app’s public URL',
  }),
  tokens: z.array(z.string()).max(100),
});

function isSecureUrl(text: string): boolean {
  if (!text.startsWith('https://') || text.includes(' ')) return false;
  try {
    const { hostname } = new URL(text);
    return !(
      hostname === 'localhost' ||
      hostname.endsWith('.localhost') ||
      /^(\d{1,3}\.){3}\d{1,3}$/.test(hostname) ||
      hostname.startsWith('[')
    );
  } catch {
    return false;
  }
}

/** What the route keeps: the tokens it issued, the idempotency and rate state, the requests it received and what it refused. */
export interface NotificationInbox {
  readonly tokens: NotificationTokens;
  readonly ledger: NotificationLedger;
  readonly refusals: NotificationRefusals;
  /** The requests received, oldest first, the newest `limit` kept. */
  readonly inbox: ReceivedNotification[];
  readonly limit: number;
}

/**
 * `POST /_emulator/miniapp/notifications`, the emulator's notification API as a Farcaster client's:
 * open (the token is the credential), the request checked as the reference schema checks it (400
 * otherwise), then each token, in this order: `invalidTokens` when the emulator never issued it or
 * no longer honours it (the user disabled notifications or removed the app); `failedTokens` with
 * `domain_mismatch` when `targetUrl` is not on the domain the token was issued for (no domain known:
 * not checked); `successfulTokens` without showing it again when the user already received this
 * `notificationId` in the last 24 hours; `rateLimitedTokens` when the token is within its interval
 * or has had its day's share; otherwise `successfulTokens`, and the user received it.
 */
export function receiveNotification(host: NotificationInbox, body: unknown): RouteAnswer {
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) return { status: 400, body: { status: false, message: firstIssue(parsed.error) } };
  const request = parsed.data;
  const targetHost = new URL(request.targetUrl).hostname.toLowerCase();
  const result: NotificationResult = { successfulTokens: [], invalidTokens: [], rateLimitedTokens: [], failedTokens: [] };
  const recipients: { token: string; fid: number; appFid: number }[] = [];
  const repeatTokens: string[] = [];
  const now = Date.now();
  for (const token of request.tokens) {
    const issued = host.tokens.enabled(token);
    const { notificationId, title, body: text, targetUrl } = request;
    if (issued === undefined) {
      result.invalidTokens.push(token);
      host.refusals.invalid({ notificationId, token, issued: host.tokens.find(token) });
      continue;
    }
    if (issued.domain !== null && issued.domain !== targetHost) {
      result.failedTokens.push({ token, fid: issued.fid, reason: 'domain_mismatch' });
      host.refusals.domainMismatch({ notificationId, token, issued }, targetHost);
      continue;
    }
    const { fid, appFid, webhookUrl } = issued;
    const outcome = host.ledger.take({ fid, appFid, webhookUrl, token, notificationId, title, body: text, targetUrl }, now);
    if (outcome === 'rate_limited') {
      result.rateLimitedTokens.push(token);
      // take() refuses only what whyLimited() explains, and refusing changes nothing: same words.
      host.refusals.rateLimited({ notificationId, token, issued }, host.ledger.whyLimited(token, now) ?? 'rate-limited');
    } else {
      result.successfulTokens.push(token);
      if (outcome === 'repeat') repeatTokens.push(token);
      else recipients.push({ token, fid, appFid });
    }
  }
  host.inbox.push({ receivedAt: new Date().toISOString(), request, result, recipients, repeatTokens });
  if (host.inbox.length > host.limit) host.inbox.shift();
  return { status: 200, body: { result } };
}

import { z } from 'zod';
import { firstIssue } from '../api/requests.js';
import type { RouteAnswer } from '../api/management-routes.js';
import type { NotificationTokens } from './notification-tokens.js';

/** What a Mini App POSTs to `notificationDetails.url`, and the client's answer. */
export interface NotificationRequest {
  readonly notificationId: string;
  readonly title: string;
  readonly body: string;
  readonly targetUrl: string;
  readonly tokens: readonly string[];
}

/** The client's answer: which tokens it delivered to, which it no longer honours, which it held back. */
export interface NotificationResult {
  readonly successfulTokens: string[];
  readonly invalidTokens: string[];
  readonly rateLimitedTokens: string[];
}

/** A notification request the emulator received, what it answered, and the users it reached. */
export interface ReceivedNotification {
  readonly receivedAt: string;
  readonly request: NotificationRequest;
  readonly result: NotificationResult;
  /** One per successful token: the user and client it reached. */
  readonly recipients: readonly { readonly token: string; readonly fid: number; readonly appFid: number }[];
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

/**
 * `POST /_emulator/miniapp/notifications`, the emulator's notification API as a Farcaster client's:
 * open (the token is the credential), the request checked as the reference schema checks it (400
 * otherwise), each token answered `successful` when the emulator issued it and still honours it,
 * `invalid` otherwise (never issued, or the user disabled notifications or removed the app). Rate
 * limits are not emulated: `rateLimitedTokens` is always empty.
 */
export function receiveNotification(tokens: NotificationTokens, inbox: ReceivedNotification[], limit: number, body: unknown): RouteAnswer {
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) return { status: 400, body: { status: false, message: firstIssue(parsed.error) } };
  const request = parsed.data;
  const result: NotificationResult = { successfulTokens: [], invalidTokens: [], rateLimitedTokens: [] };
  const recipients: { token: string; fid: number; appFid: number }[] = [];
  for (const token of request.tokens) {
    const issued = tokens.enabled(token);
    if (issued === undefined) result.invalidTokens.push(token);
    else {
      result.successfulTokens.push(token);
      recipients.push({ token, fid: issued.fid, appFid: issued.appFid });
    }
  }
  inbox.push({ receivedAt: new Date().toISOString(), request, result, recipients });
  if (inbox.length > limit) inbox.shift();
  return { status: 200, body: { result } };
}

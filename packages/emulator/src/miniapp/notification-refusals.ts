import type { IssuedToken } from './notification-tokens.js';
import { tokenPrefix } from './token-prefix.js';

/** Why the notification route did not deliver: the answer's list a token went to, or a request refused whole. */
export type RefusalReason = 'invalid_token' | 'rate_limited' | 'domain_mismatch' | 'malformed' | 'fault';

/**
 * One refusal of the notification route: a token it answered in `invalidTokens`,
 * `rateLimitedTokens` or `failedTokens`, or a request it refused whole (a 400, a fault's 5xx).
 */
export interface RefusedNotification {
  readonly at: string;
  readonly reason: RefusalReason;
  /** Why, in words, and what to do about it. */
  readonly message: string;
  /** The request's `notificationId`, or `null` when a malformed request had none. */
  readonly notificationId: string | null;
  /** The user, client and Mini App the emulator issued the token to; `null` for a token it never issued or a request refused whole. */
  readonly fid: number | null;
  readonly appFid: number | null;
  readonly webhookUrl: string | null;
  /** The token's first characters (token-prefix.ts), never the whole; `null` for a request refused whole. */
  readonly tokenPrefix: string | null;
}

/** A refused token: the request's id, the token, and what the emulator knows of it. */
export interface TokenRefusal {
  readonly notificationId: string;
  readonly token: string;
  readonly issued: IssuedToken | undefined;
}

const INVALID: Record<IssuedToken['state'] | 'unknown', string> = {
  unknown: 'this emulator never issued the token (a typo, another client’s token, or one from before the emulator restarted): drop it',
  enabled: 'the token is enabled', // never refused as invalid; here so the table covers every state
  disabled:
    'the user turned notifications off (notifications_disabled, or miniapp_added with them off): drop the token until notifications_enabled brings a new one',
  removed: 'the user removed the Mini App (miniapp_removed): drop the token',
  replaced:
    'a newer token replaced it for this user in this client (the last miniapp_added or notifications_enabled): send with that one and drop this',
};

/**
 * The notification route's refusals, oldest first, the newest `limit` kept: what a developer
 * debugging a send needs, each with when, whose token (its prefix) and why.
 */
export class NotificationRefusals {
  readonly #items: RefusedNotification[] = [];
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** A token answered in `invalidTokens`: never issued, or no longer honoured. */
  invalid(refusal: TokenRefusal): void {
    this.#token('invalid_token', refusal, INVALID[refusal.issued?.state ?? 'unknown']);
  }

  /** A token answered in `rateLimitedTokens`, with the ledger's words for which limit. */
  rateLimited(refusal: TokenRefusal, why: string): void {
    this.#token('rate_limited', refusal, why);
  }

  /** A token answered in `failedTokens` with `domain_mismatch`. */
  domainMismatch(refusal: TokenRefusal, targetHost: string): void {
    const domain = refusal.issued?.domain ?? '';
    this.#token(
      'domain_mismatch',
      refusal,
      `targetUrl is on ${targetHost}, not on ${domain}, the Mini App's domain the token was issued for`,
    );
  }

  /** A request refused whole: `malformed` (a 400, its message) or `fault` (a 5xx the faults asked for). */
  request(reason: 'malformed' | 'fault', message: string, body: unknown): void {
    const id = (body as { notificationId?: unknown } | null)?.notificationId;
    const notificationId = typeof id === 'string' ? id : null;
    this.#add({ reason, message, notificationId, fid: null, appFid: null, webhookUrl: null, tokenPrefix: null });
  }

  /** Copies, oldest first; those of one user when `fid` is given. */
  list(fid?: number): RefusedNotification[] {
    return this.#items.filter((item) => fid === undefined || item.fid === fid).map((item) => ({ ...item }));
  }

  #token(reason: RefusalReason, { notificationId, token, issued }: TokenRefusal, message: string): void {
    const owner = { fid: issued?.fid ?? null, appFid: issued?.appFid ?? null, webhookUrl: issued?.webhookUrl ?? null };
    this.#add({ reason, message, notificationId, ...owner, tokenPrefix: tokenPrefix(token) });
  }

  #add(item: Omit<RefusedNotification, 'at'>): void {
    this.#items.push({ at: new Date().toISOString(), ...item });
    if (this.#items.length > this.#limit) this.#items.shift();
  }
}

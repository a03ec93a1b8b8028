import { randomUUID } from 'node:crypto';

/** A notification token the emulator issued as a Farcaster client, and whether it still honours it. */
export interface IssuedToken {
  readonly token: string;
  /** Where the Mini App sends notifications with it: the emulator's own notification route. */
  readonly url: string;
  readonly fid: number;
  readonly appFid: number;
  /** The Mini App it was issued to, by its `webhookUrl`. */
  readonly webhookUrl: string;
  /**
   * The Mini App's domain (`app.example.com`) a notification's `targetUrl` must be on, or `null`
   * when the emulator was not told it: then `targetUrl` is not checked against a domain.
   */
  readonly domain: string | null;
  readonly issuedAt: string;
  /**
   * `enabled` while honoured; then why it no longer is: `disabled` (the user turned notifications
   * off, or added the app with them off), `removed` (the user removed the app), `replaced` (a newer
   * token, or details the emulator did not issue, took its place for the same user, client and app).
   */
  state: TokenState;
  /** When it stopped being honoured, or `null` while enabled. */
  endedAt: string | null;
}

/** Whether the emulator honours a token it issued, and if not, why. */
export type TokenState = 'enabled' | 'disabled' | 'removed' | 'replaced';

/** Whose token: a user, in one client, for one Mini App (a token is unique per that triple). */
export interface TokenOwner {
  readonly fid: number;
  readonly appFid: number;
  readonly webhookUrl: string;
}

/**
 * The tokens the emulator issued (miniapps.farcaster.xyz, "Sending Notifications": a token is unique
 * per Farcaster client, Mini App and user, and is no longer valid once the user disables
 * notifications or removes the app). The newest `limit` are kept.
 */
export class NotificationTokens {
  readonly #tokens = new Map<string, IssuedToken>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** A fresh token for `owner`, for the Mini App on `domain`; the one it held before is `replaced`. */
  issue(owner: TokenOwner, url: string, domain: string | null): IssuedToken {
    this.end(owner, 'replaced');
    const issuedAt = new Date().toISOString();
    const issued: IssuedToken = { ...owner, token: randomUUID(), url, domain, issuedAt, state: 'enabled', endedAt: null };
    this.#tokens.set(issued.token, issued);
    if (this.#tokens.size > this.#limit) this.#tokens.delete(this.#tokens.keys().next().value!);
    return { ...issued };
  }

  /** Stops honouring `owner`'s token, if it holds an enabled one, and records why. */
  end({ fid, appFid, webhookUrl }: TokenOwner, why: Exclude<TokenState, 'enabled'>): void {
    const endedAt = new Date().toISOString();
    for (const issued of this.#tokens.values()) {
      if (issued.state !== 'enabled' || issued.fid !== fid || issued.appFid !== appFid || issued.webhookUrl !== webhookUrl) continue;
      issued.state = why;
      issued.endedAt = endedAt;
    }
  }

  /** The token if the emulator issued it and still honours it. */
  enabled(token: string): IssuedToken | undefined {
    const issued = this.#tokens.get(token);
    return issued?.state === 'enabled' ? { ...issued } : undefined;
  }

  /** The token if the emulator issued it (and still keeps it), in whatever state. */
  find(token: string): IssuedToken | undefined {
    const issued = this.#tokens.get(token);
    return issued === undefined ? undefined : { ...issued };
  }

  /** Copies of every token kept, oldest first. */
  list(): IssuedToken[] {
    return [...this.#tokens.values()].map((issued) => ({ ...issued }));
  }
}

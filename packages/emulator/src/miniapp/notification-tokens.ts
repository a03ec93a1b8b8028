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
  state: 'enabled' | 'disabled';
}

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

  /** A fresh token for `owner`, for the Mini App on `domain`; the one it held before is disabled. */
  issue(owner: TokenOwner, url: string, domain: string | null): IssuedToken {
    this.disable(owner);
    const issued: IssuedToken = { ...owner, token: randomUUID(), url, domain, issuedAt: new Date().toISOString(), state: 'enabled' };
    this.#tokens.set(issued.token, issued);
    if (this.#tokens.size > this.#limit) this.#tokens.delete(this.#tokens.keys().next().value!);
    return { ...issued };
  }

  /** Disables `owner`'s token, if it holds one. */
  disable({ fid, appFid, webhookUrl }: TokenOwner): void {
    for (const issued of this.#tokens.values()) {
      if (issued.fid === fid && issued.appFid === appFid && issued.webhookUrl === webhookUrl) issued.state = 'disabled';
    }
  }

  /** The token if the emulator issued it and still honours it. */
  enabled(token: string): IssuedToken | undefined {
    const issued = this.#tokens.get(token);
    return issued?.state === 'enabled' ? { ...issued } : undefined;
  }

  /** Copies of every token kept, oldest first. */
  list(): IssuedToken[] {
    return [...this.#tokens.values()].map((issued) => ({ ...issued }));
  }
}

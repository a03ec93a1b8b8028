import type { NotificationHistory, NotificationLimiter, NotificationTokenStore } from '@social-webhooks/core';

/** Where `notify` reads the tokens, and the limits it keeps while it sends. */
export interface TokenSource {
  /** For the messages: `Redis redis://…` or `the emulator at http://…`. */
  readonly where: string;
  readonly store: NotificationTokenStore;
  readonly limiter: NotificationLimiter;
  /** Where the send's outcomes are written, for `broadcasts` and `timeline`: the Redis source's history, unless `--no-history`. */
  readonly history?: NotificationHistory;
  /**
   * Why a user holds no token, where the source can tell (the emulator saw the user's last event):
   * `removed the Mini App`, `turned notifications off`. A token store cannot: it keeps no token for
   * all of them alike.
   */
  readonly noTokenReason?: (fid: number) => string;
  /** What an error of the store or the limiter means for the user: Redis lost is a network error. */
  failure(error: unknown): unknown;
  close(): Promise<void>;
}

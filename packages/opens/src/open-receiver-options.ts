import { WebhookError, type Logger, type OpenStore } from '@social-webhooks/core';
import { quickAuthVerify, type VerifyQuickAuthToken } from './verify-token.js';
import type { SentHistory } from './was-sent.js';

/** Options of `openReceiver`. */
export interface OpenReceiverOptions {
  /** Your Mini App's domain, as Quick Auth issues its tokens for it (the token's `aud`): `app.example.com`. Required. */
  readonly domain: string;
  /** Where opens are counted: `memoryOpenStore()`, or `redisOpenStore({ client })` of `@social-webhooks/redis`. Required. */
  readonly store: OpenStore;
  /** Checks the token: `createClient({ origin }).verifyJwt` of `@farcaster/quick-auth`. Default: Quick Auth's, with auth.farcaster.xyz's key set. */
  readonly verify?: VerifyQuickAuthToken;
  /**
   * What your senders wrote (core's `NotificationHistory`: `redisNotificationHistory({ client })` of
   * `@social-webhooks/redis`, `memoryNotificationHistory()`): with it, an open is recorded only when
   * the token's user was sent that notification (their timeline has it, delivered), else 404
   * `notification_not_sent`; a history that fails answers 503 `open_history_unavailable`. Default:
   * none, every genuine user's open of any `notificationId` is recorded.
   */
  readonly history?: SentHistory;
  /** The largest body read, in bytes. Default 4,096: `{ notificationId, clientFid }` is well under 200. */
  readonly maxBodyBytes?: number;
  /** Where failures (503s) are logged with their cause; `false` for none. Default `console`. */
  readonly logger?: Logger | false;
  /** The clock of each open's `at`, epoch milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/** The options with their defaults, checked once. */
export interface ResolvedOpenReceiverOptions {
  readonly domain: string;
  readonly store: OpenStore;
  readonly verify: VerifyQuickAuthToken;
  readonly history: SentHistory | undefined;
  readonly maxBodyBytes: number;
  readonly logger: Logger | undefined;
  readonly now: () => number;
}

/** The default `maxBodyBytes` of the opens receiver. */
export const DEFAULT_OPEN_MAX_BODY_BYTES = 4096;

/** Checks `openReceiver`'s options once, with messages that say what to pass; never mutates them. */
export function resolveOpenReceiverOptions(options: OpenReceiverOptions, source: string): ResolvedOpenReceiverOptions {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${source}: openReceiver(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail("takes an options object: openReceiver({ domain: 'app.example.com', store }).");
  const { domain, store } = options;
  if (typeof domain !== 'string' || domain === '') fail("`domain` is required: your Mini App's domain, e.g. 'app.example.com'.");
  if (/[/:]/.test(domain)) {
    fail(
      `\`domain\` must be a bare host name, as Quick Auth puts it in the token's audience: '${domain.replace(/^\w+:\/\//, '').replace(/[/:].*$/, '')}', not '${domain}'.`,
    );
  }
  if (typeof store?.record !== 'function' || typeof store.counts !== 'function') {
    fail('`store` is required: memoryOpenStore() from @social-webhooks/core, or redisOpenStore({ client }) from @social-webhooks/redis.');
  }
  if (options.verify !== undefined && typeof options.verify !== 'function') {
    fail("`verify` must be a function, such as createClient({ origin }).verifyJwt of '@farcaster/quick-auth'.");
  }
  const { history } = options;
  if (history !== undefined && typeof history?.timeline !== 'function') {
    fail(
      '`history` must be a NotificationHistory, such as redisNotificationHistory({ client }) from @social-webhooks/redis, or be left out.',
    );
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_OPEN_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 64)
    fail(`\`maxBodyBytes\` must be a whole number of bytes, 64 or more (default ${DEFAULT_OPEN_MAX_BODY_BYTES}).`);
  const logger = options.logger === false ? undefined : (options.logger ?? console);
  if (logger !== undefined && typeof logger.error !== 'function')
    fail('`logger` must have debug, info, warn and error methods (console fits), or be false.');
  const now = options.now ?? Date.now;
  if (typeof now !== 'function') fail('`now` must be a function answering epoch milliseconds.');
  return { domain, store, verify: options.verify ?? quickAuthVerify(), history, maxBodyBytes, logger, now };
}

import { WebhookError } from '../errors.js';
import { resolveLogger, type ResolvedLogger } from '../observe/logger.js';
import type { Logger } from '../observe/log-types.js';
import type { NotificationTokenStore } from '../senders/miniapp/token-store.js';
import type { BatchResult } from './deliver-batch.js';
import { DEFAULT_NOTIFICATION_INTERVAL_MS, type NotificationLimiter } from './limiter.js';
import { memoryNotificationLimiter } from './memory-limiter.js';
import type { NotificationWait } from './held-targets.js';
import type { FetchLike } from './post-batch.js';
import type { NotificationHistory } from './history/history.js';
import { toHistoryWriter, type HistoryWriter } from './history/history-writer.js';

/** Options of {@link createNotifier}. */
export interface NotifierOptions {
  /** Where the tokens are: `memoryTokenStore()`, `redisTokenStore({ client })`, or any {@link NotificationTokenStore}. Required. */
  readonly store: NotificationTokenStore;
  /**
   * Your Mini App's domain, the host its manifest is served from (`example.com`): every `targetUrl`
   * is checked to be on it before anything is sent, since clients answer `domain_mismatch` for every
   * token otherwise. Default: not checked.
   */
  readonly domain?: string;
  /**
   * Our side of the clients' limits: per token 1 per 30 s and 100 a day, and one delivery per (user,
   * client, `notificationId`) in 24 hours. Default `memoryNotificationLimiter()`; several instances:
   * `redisNotificationLimiter({ client })` from `@social-webhooks/redis`; `false` for none (the
   * clients' own limits then answer `rateLimitedTokens`).
   */
  readonly limiter?: NotificationLimiter | false;
  /** The HTTP client. Default the global `fetch` (Node 20, Bun, Deno, Workers). */
  readonly fetch?: FetchLike;
  /** How long a client may take to answer one request, in milliseconds. Default 10,000. */
  readonly timeoutMs?: number;
  /**
   * Requests in flight at once, across clients. A client answers a request in 100 to 300 ms, so this
   * sets a broadcast's pace: 64 at 250 ms is 256 requests (25,600 tokens) a second. Default 64.
   */
  readonly concurrency?: number;
  /**
   * Requests in flight at once to one client URL (a client's notification endpoint): at most 24 at a
   * time to Farcaster's client, whatever `concurrency` allows, or 96 requests (9,600 tokens) a second
   * at its 250 ms. Default 24.
   */
  readonly concurrencyPerUrl?: number;
  /** Retries of a request that failed in a way worth retrying (no answer, network error, 5xx, 429, a broken 200), with the same `notificationId`. Default 4. */
  readonly retries?: number;
  /** The first retry's delay in milliseconds, doubled each retry up to 60 s; a `Retry-After` longer than it wins. Default 1,000. */
  readonly retryDelayMs?: number;
  /**
   * How long `send()` waits to send rate-limited tokens again, in milliseconds: a token whose window
   * ends within it is sent when it does; the rest are counted in `rateLimited`, with `retryAt`, for you
   * (or a durable broadcast, which schedules them itself) to send later. At most
   * {@link MAX_RATE_LIMITED_HELD} (10,000) targets are held to wait, so memory stays flat whatever the
   * store's size; past that, they are counted in `rateLimited` too. `0`: never wait. Default 35,000
   * (one 30-second interval).
   */
  readonly rateLimitWaitMs?: number;
  /** How long after a client answered a token rate-limited it is sent again, in milliseconds. Default 30,000 (the recommended interval). */
  readonly rateLimitRetryMs?: number;
  /** Where failures are reported. Default `console` (rate-limited); `false` for silence. */
  readonly logger?: Logger | false;
  /** Called after each batch with its targets' outcomes: for a progress bar, a per-user log, metrics. A failure of it is logged, not thrown. */
  readonly onBatch?: (result: BatchResult) => void | Promise<void>;
  /**
   * Called as `send()` starts to wait for rate-limited tokens (see `rateLimitWaitMs`), with how long
   * (`ms`), for how many tokens, and `until` when: a send to tokens notified less than 30 s ago waits
   * that long with no batch to report, so say so (a log line, a progress display). Not called for a
   * round whose windows have already passed. A failure of it is logged, not thrown. Default: none.
   */
  readonly onWait?: (wait: NotificationWait) => void | Promise<void>;
  /**
   * Where what was sent and what came of it is kept: each notification's counts by outcome, reason
   * and client, and each user's timeline, written once per batch (docs/notifications.md, "What
   * happened: history"). `memoryNotificationHistory()`, `redisNotificationHistory({ client })` from
   * `@social-webhooks/redis`. A failure to write it is logged once (`history_failed`), never fails a
   * send. Default: none.
   */
  readonly history?: NotificationHistory;
}

export const DEFAULT_NOTIFY_TIMEOUT_MS = 10_000;
export const DEFAULT_NOTIFY_CONCURRENCY = 64;
export const DEFAULT_NOTIFY_CONCURRENCY_PER_URL = 24;
export const DEFAULT_NOTIFY_RETRIES = 4;
export const DEFAULT_NOTIFY_RETRY_DELAY_MS = 1_000;
/** Rate-limited targets `send()` holds in memory to send again within `rateLimitWaitMs`; past that they are reported `rateLimited`. */
export const MAX_RATE_LIMITED_HELD = 10_000;
export const DEFAULT_RATE_LIMIT_WAIT_MS = 35_000;

export interface ResolvedNotifierOptions {
  readonly store: NotificationTokenStore;
  readonly domain: string | undefined;
  readonly limiter: NotificationLimiter | undefined;
  readonly fetch: FetchLike;
  readonly timeoutMs: number;
  readonly concurrency: number;
  readonly concurrencyPerUrl: number;
  readonly retries: number;
  readonly retryDelayMs: number;
  readonly rateLimitWaitMs: number;
  readonly rateLimitRetryMs: number;
  readonly logger: ResolvedLogger;
  readonly onBatch: NotifierOptions['onBatch'];
  readonly onWait: NotifierOptions['onWait'];
  readonly history: HistoryWriter | undefined;
}

const OPTION_KEYS: readonly string[] = [
  'store',
  'domain',
  'limiter',
  'fetch',
  'timeoutMs',
  'concurrency',
  'concurrencyPerUrl',
  'retries',
  'retryDelayMs',
  'rateLimitWaitMs',
  'rateLimitRetryMs',
  'logger',
  'onBatch',
  'onWait',
  'history',
] satisfies (keyof NotifierOptions)[];

/**
 * Checks {@link NotifierOptions} once and resolves the defaults into a fresh object. `source` starts
 * every message (`@social-webhooks/core: createNotifier()`); a durable sender (`notificationWorker`
 * of `@social-webhooks/bullmq`) checks the options it shares with the notifier through it.
 * @throws {WebhookError} `invalid_options`, naming the option and how to fix it.
 */
export function resolveNotifierOptions(options: NotifierOptions, source: string): ResolvedNotifierOptions {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${source}: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object: createNotifier({ store }).');
  const unknown = Object.keys(options).find((key) => !OPTION_KEYS.includes(key));
  if (unknown !== undefined) fail(`unknown option \`${unknown}\`; the options are ${OPTION_KEYS.join(', ')}.`);
  const { store, domain, limiter, onBatch, onWait } = options;
  const methods = ['get', 'list', 'delete'] as const;
  if (typeof store !== 'object' || store === null || methods.some((method) => typeof store[method] !== 'function')) {
    fail(
      '`store` must be a notification token store (get, list, delete): memoryTokenStore(), or redisTokenStore({ client }) from @social-webhooks/redis.',
    );
  }
  if (domain !== undefined && (typeof domain !== 'string' || !/^[a-z0-9.-]+$/i.test(domain))) {
    fail(`\`domain\` is your Mini App's host name, such as "example.com" (no scheme, no path); got ${JSON.stringify(domain)}.`);
  }
  if (limiter !== undefined && limiter !== false && (typeof limiter?.claim !== 'function' || typeof limiter.confirm !== 'function')) {
    fail(
      '`limiter` must have claim and confirm methods: memoryNotificationLimiter(), redisNotificationLimiter({ client }), or false for none.',
    );
  }
  const fetchOption = options.fetch ?? (globalThis.fetch as FetchLike | undefined);
  if (typeof fetchOption !== 'function') fail('no global `fetch` here: pass `fetch` (any function with its signature).');
  if (onBatch !== undefined && typeof onBatch !== 'function') fail('`onBatch` must be a function of the batch result.');
  if (onWait !== undefined && typeof onWait !== 'function') fail('`onWait` must be a function of the wait ({ ms, tokens, until }).');
  const count = (name: keyof NotifierOptions, value: number | undefined, fallback: number, least: number): number => {
    const resolved = value ?? fallback;
    if (!Number.isSafeInteger(resolved) || resolved < least)
      fail(`\`${name}\` must be an integer of at least ${least}; got ${String(value)}.`);
    return resolved;
  };
  const logger = resolveLogger(options.logger, fail);
  return {
    store,
    domain,
    limiter: limiter === false ? undefined : (limiter ?? memoryNotificationLimiter()),
    fetch: fetchOption!,
    timeoutMs: count('timeoutMs', options.timeoutMs, DEFAULT_NOTIFY_TIMEOUT_MS, 1),
    concurrency: count('concurrency', options.concurrency, DEFAULT_NOTIFY_CONCURRENCY, 1),
    concurrencyPerUrl: count('concurrencyPerUrl', options.concurrencyPerUrl, DEFAULT_NOTIFY_CONCURRENCY_PER_URL, 1),
    retries: count('retries', options.retries, DEFAULT_NOTIFY_RETRIES, 0),
    retryDelayMs: count('retryDelayMs', options.retryDelayMs, DEFAULT_NOTIFY_RETRY_DELAY_MS, 0),
    rateLimitWaitMs: count('rateLimitWaitMs', options.rateLimitWaitMs, DEFAULT_RATE_LIMIT_WAIT_MS, 0),
    rateLimitRetryMs: count('rateLimitRetryMs', options.rateLimitRetryMs, DEFAULT_NOTIFICATION_INTERVAL_MS, 0),
    logger,
    onBatch,
    onWait,
    history: toHistoryWriter(options.history, logger, fail),
  };
}

/** The delay before retry number `attempt` (0 for the first): doubling from `baseMs`, at most 60 s, or the client's `Retry-After` when longer. */
export function retryDelay(baseMs: number, attempt: number, retryAfterMs: number | undefined): number {
  const backoff = Math.min(60_000, baseMs * 2 ** attempt);
  return Math.max(backoff, Math.min(retryAfterMs ?? 0, 3_600_000));
}

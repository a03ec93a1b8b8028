import { DEFAULT_HEADER } from '@social-webhooks/core';
import { checkedDomain, resolveNotificationLimits, type NotificationLimits } from './miniapp/notification-limits.js';

/** How deliveries are retried, like the real service's gateway (docs/contract.md §Delivery semantics). */
export interface RetryOptions {
  /** Attempts per delivery, the first included. Default 5. */
  readonly attempts?: number;
  /** Delay before the second attempt, in ms; doubled for each one after. Default 1000. */
  readonly baseDelayMs?: number;
  /** How long an attempt may take before it counts as failed, in ms. Default 5000. */
  readonly timeoutMs?: number;
}

/** Options of {@link startEmulator}. */
export interface EmulatorOptions {
  /** Port to listen on; 0 picks a free one. Default 0. */
  readonly port?: number;
  /** Address to listen on. Default `127.0.0.1`. */
  readonly host?: string;
  /** API keys the management API accepts in `Authorization`. Default `['emulator-api-key']`. */
  readonly apiKeys?: readonly string[];
  /** The delivery header's name. Default `x-airstack-webhook`. */
  readonly headerName?: string;
  /** `envelope` delivers `{ eventName, data }`; `flat` delivers the payload alone. Default `envelope`. */
  readonly bodyForm?: 'envelope' | 'flat';
  /** How deliveries (and replays) are retried: attempts, backoff, time-out. */
  readonly retry?: RetryOptions;
  /** How many delivery records the log keeps, oldest dropped first. Default 10,000. */
  readonly logLimit?: number;
  /** How much of each answer's body the log keeps, in bytes; the full size is logged too. Default 8192. */
  readonly maxAnswerBytes?: number;
  /**
   * A JSON file that keeps the webhooks and the delivery log across restarts: read at start (when it
   * exists), written shortly after each change and at `stop()`. Default: none, state is in memory.
   */
  readonly persistPath?: string;
  /**
   * The per-token limits the emulator's notification route enforces as a Farcaster client:
   * `intervalMs` between two notifications (default 30,000) and `perDay` in any 24 hours (default
   * 100). A token over either is answered in `rateLimitedTokens`. Lower them in tests, e.g.
   * `{ intervalMs: 200 }`; `{ intervalMs: 0, perDay: 1_000_000 }` turns them practically off.
   */
  readonly notificationLimits?: NotificationLimits;
  /**
   * The Mini App's domain (a host name, e.g. `app.example.com`) a notification's `targetUrl` must be
   * on, for tokens issued by a send that names no `domain`; another host is answered in
   * `failedTokens` with `domain_mismatch`. Default: none, and `targetUrl` is not checked against a
   * domain (only that it is https on a domain name).
   */
  readonly miniAppDomain?: string;
}

export interface ResolvedEmulatorOptions {
  readonly port: number;
  readonly host: string;
  readonly apiKeys: ReadonlySet<string>;
  readonly headerName: string;
  readonly bodyForm: 'envelope' | 'flat';
  readonly retry: Required<RetryOptions>;
  readonly logLimit: number;
  readonly maxAnswerBytes: number;
  readonly persistPath: string | undefined;
  readonly notificationLimits: Required<NotificationLimits>;
  readonly miniAppDomain: string | null;
}

export const DEFAULT_API_KEY = 'emulator-api-key';

/** Checks the options and resolves defaults into a fresh object. */
export function resolveEmulatorOptions(options: EmulatorOptions = {}): ResolvedEmulatorOptions {
  const fail = (message: string): never => {
    throw new TypeError(`@social-webhooks/emulator: ${message}`);
  };
  const whole = (value: number | undefined, name: string, fallback: number, min: number): number => {
    const resolved = value ?? fallback;
    if (!Number.isSafeInteger(resolved) || resolved < min) fail(`\`${name}\` must be a whole number >= ${min}; got ${String(value)}.`);
    return resolved;
  };
  const apiKeys = options.apiKeys ?? [DEFAULT_API_KEY];
  if (apiKeys.length === 0 || apiKeys.some((key) => typeof key !== 'string' || key.trim() === '')) {
    fail('`apiKeys` must hold at least one non-empty key.');
  }
  const bodyForm = options.bodyForm ?? 'envelope';
  if (bodyForm !== 'envelope' && bodyForm !== 'flat') fail("`bodyForm` must be 'envelope' or 'flat'.");
  return {
    port: whole(options.port, 'port', 0, 0),
    host: options.host ?? '127.0.0.1',
    apiKeys: new Set(apiKeys),
    headerName: (options.headerName ?? DEFAULT_HEADER).toLowerCase(),
    bodyForm,
    retry: {
      attempts: whole(options.retry?.attempts, 'retry.attempts', 5, 1),
      baseDelayMs: whole(options.retry?.baseDelayMs, 'retry.baseDelayMs', 1000, 0),
      timeoutMs: whole(options.retry?.timeoutMs, 'retry.timeoutMs', 5000, 1),
    },
    logLimit: whole(options.logLimit, 'logLimit', 10_000, 1),
    maxAnswerBytes: whole(options.maxAnswerBytes, 'maxAnswerBytes', 8192, 0),
    persistPath: persistPath(options.persistPath, fail),
    notificationLimits: resolveNotificationLimits(options.notificationLimits, fail),
    miniAppDomain:
      options.miniAppDomain === undefined
        ? null
        : checkedDomain(options.miniAppDomain, (message) => fail(`\`miniAppDomain\`: ${message}.`)),
  };
}

function persistPath(value: string | undefined, fail: (message: string) => never): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '')
    fail('`persistPath` must be a file path, e.g. `.emulator/state.json`; leave it out to keep state in memory.');
  return value;
}

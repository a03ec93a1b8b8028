import { WebhookError } from '../errors.js';
import {
  DEFAULT_DEDUPE_LEASE_MS,
  DEFAULT_DEDUPE_TIMEOUT_MS,
  DEFAULT_DEDUPE_TTL_MS,
  type DedupeOptions,
  type StoreErrorPolicy,
} from './dedupe-options.js';
import type { DedupeStore } from './dedupe-store.js';
import type { AnyEvent } from '../schema/types.js';
import { memoryStore } from './memory-store.js';

/** The `dedupe` option checked and with its defaults filled in. */
export interface ResolvedDedupe {
  readonly store: DedupeStore;
  readonly ttlMs: number;
  readonly leaseMs: number;
  readonly timeoutMs: number;
  readonly onStoreError: StoreErrorPolicy;
  readonly key: DedupeOptions<AnyEvent>['key'];
}

/**
 * Resolves the `dedupe` option: `undefined` or `false` turn it off, `true` means an in-memory store
 * with the defaults.
 * @throws {WebhookError} `invalid_options`, saying what to pass instead.
 */
export function resolveDedupe(option: boolean | DedupeOptions<AnyEvent> | undefined, source: string): ResolvedDedupe | undefined {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${source}: \`dedupe\` ${message}`);
  };
  if (option === undefined || option === false) return undefined;
  if (option !== true && (typeof option !== 'object' || option === null)) {
    fail(`must be true or an options object such as { store: memoryStore() }; got ${typeof option}.`);
  }
  // Keys and claim tokens need Web Crypto (SHA-256, randomUUID): every runtime has it, Node from 19 on.
  const webCrypto = globalThis.crypto as Crypto | undefined;
  if (typeof webCrypto?.subtle?.digest !== 'function' || typeof webCrypto.randomUUID !== 'function') {
    fail('needs Web Crypto (globalThis.crypto), which this runtime lacks. Use Node 20 or later.');
  }
  const options: DedupeOptions<AnyEvent> = option === true ? {} : option;
  const store = options.store ?? memoryStore();
  for (const method of ['claim', 'complete', 'release'] as const) {
    if (typeof store?.[method] !== 'function') {
      fail(`\`store\` must have claim, complete and release methods (a DedupeStore such as memoryStore()); ${method} is missing.`);
    }
  }
  const onStoreError = options.onStoreError ?? 'reject';
  if (onStoreError !== 'reject' && onStoreError !== 'process') {
    fail(`\`onStoreError\` must be 'reject' (answer 503) or 'process' (run the handler anyway); got ${JSON.stringify(onStoreError)}.`);
  }
  if (options.key !== undefined && typeof options.key !== 'function') fail(`\`key\` must be a function; got ${typeof options.key}.`);
  return {
    store,
    ttlMs: duration(options.ttlMs, 'ttlMs', DEFAULT_DEDUPE_TTL_MS, fail),
    leaseMs: duration(options.leaseMs, 'leaseMs', DEFAULT_DEDUPE_LEASE_MS, fail),
    timeoutMs: duration(options.timeoutMs, 'timeoutMs', DEFAULT_DEDUPE_TIMEOUT_MS, fail),
    onStoreError,
    key: options.key,
  };
}

function duration(value: number | undefined, name: string, fallback: number, fail: (message: string) => never): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1)
    fail(`\`${name}\` must be a positive whole number of milliseconds (default ${fallback}); got ${String(value)}.`);
  return value;
}

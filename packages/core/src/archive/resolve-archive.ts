import { WebhookError } from '../errors.js';
import { DEFAULT_ARCHIVE_TIMEOUT_MS, type DeliveryArchive } from './delivery-archive.js';

/** The `archive` option checked, its timeout resolved. */
export interface ResolvedArchive {
  readonly store: DeliveryArchive;
  readonly timeoutMs: number;
  /** The request headers a record keeps, lower-case. */
  readonly headers: readonly string[];
}

const METHODS = ['add', 'settle', 'list', 'get', 'recordReplay', 'saveCheckpoint', 'checkpoint', 'countRefused', 'refusedCounts'] as const;

/**
 * Resolves the `archive` option. `headers` are the names a record keeps: `content-type`, the
 * delivery id headers, and the proof header where the sender says it holds no secret.
 * @throws {WebhookError} `invalid_options`, saying what to pass instead.
 */
export function resolveArchive(
  archive: DeliveryArchive | undefined,
  headers: readonly string[],
  source: string,
): ResolvedArchive | undefined {
  if (archive === undefined) return undefined;
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${source}: \`archive\` ${message}`);
  };
  if (typeof archive !== 'object' || archive === null) {
    fail('must be a delivery archive such as memoryDeliveryArchive(), or redisDeliveryArchive({ client }) from @social-webhooks/redis.');
  }
  for (const method of METHODS) {
    if (typeof archive[method] !== 'function') {
      fail(`must be a delivery archive such as memoryDeliveryArchive() (a DeliveryArchive); its ${method} method is missing.`);
    }
  }
  const timeoutMs = archive.timeoutMs ?? DEFAULT_ARCHIVE_TIMEOUT_MS;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1) {
    fail(
      `timeoutMs must be a positive whole number of milliseconds (default ${DEFAULT_ARCHIVE_TIMEOUT_MS}); got ${String(archive.timeoutMs)}.`,
    );
  }
  return { store: archive, timeoutMs, headers };
}

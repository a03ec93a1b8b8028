import { WebhookError } from '../errors.js';
import { checkOpenRecord, noOpens, resolveOpenRetention, type OpenCounts, type OpenStore } from './open-store.js';

/** Options of {@link memoryOpenStore}. */
export interface MemoryOpenStoreOptions {
  /** How long a notification's counts are kept after its last open, in milliseconds. Default 30 days. */
  readonly retentionMs?: number;
  /** The clock, epoch milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

interface Opened {
  opens: number;
  readonly fids: Set<number>;
  readonly clients: Map<number, { opens: number; readonly fids: Set<number> }>;
  lastAt: number;
}

/**
 * Open counts in this process's memory: for one instance, tests and local runs. Several instances
 * share `redisOpenStore({ client })` of `@social-webhooks/redis`. A notification's counts lapse
 * `retentionMs` after its last open (by the store's clock).
 *
 * @param options `retentionMs` (default 30 days), `now` (default `Date.now`).
 * @throws {WebhookError} `invalid_options` when `retentionMs` is not a positive whole number or `now` not a function.
 * @example
 * const opens = memoryOpenStore();
 * await opens.record({ notificationId: 'digest-1', fid: 3, clientFid: 9152, at: Date.now() });
 * await opens.counts('digest-1'); // { opens: 1, uniqueOpens: 1, byClient: { '9152': { opens: 1, uniqueOpens: 1 } } }
 */
export function memoryOpenStore(options: MemoryOpenStoreOptions = {}): OpenStore {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/core: memoryOpenStore(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object: memoryOpenStore({ retentionMs }).');
  const retentionMs = resolveOpenRetention(options.retentionMs, fail);
  const now = options.now ?? Date.now;
  if (typeof now !== 'function') fail('`now` must be a function answering epoch milliseconds.');
  const notifications = new Map<string, Opened>();
  const live = (id: string): Opened | undefined => {
    const opened = notifications.get(id);
    if (opened !== undefined && now() - opened.lastAt >= retentionMs) notifications.delete(id);
    return notifications.get(id);
  };

  return {
    async record(open) {
      checkOpenRecord(open, '@social-webhooks/core: memoryOpenStore()');
      let opened = live(open.notificationId);
      if (opened === undefined) {
        opened = { opens: 0, fids: new Set(), clients: new Map(), lastAt: 0 };
        notifications.set(open.notificationId, opened);
      }
      opened.opens += 1;
      opened.lastAt = now();
      const unique = !opened.fids.has(open.fid);
      opened.fids.add(open.fid);
      if (open.clientFid !== undefined) {
        let client = opened.clients.get(open.clientFid);
        if (client === undefined) opened.clients.set(open.clientFid, (client = { opens: 0, fids: new Set() }));
        client.opens += 1;
        client.fids.add(open.fid);
      }
      return { unique };
    },
    async counts(notificationId) {
      const opened = live(notificationId);
      if (opened === undefined) return noOpens();
      const byClient: Record<string, OpenCounts['byClient'][string]> = {};
      for (const [clientFid, client] of opened.clients)
        byClient[String(clientFid)] = { opens: client.opens, uniqueOpens: client.fids.size };
      return { opens: opened.opens, uniqueOpens: opened.fids.size, byClient };
    },
  };
}

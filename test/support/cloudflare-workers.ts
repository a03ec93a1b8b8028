import { fileURLToPath } from 'node:url';
import type { D1Like, DurableObjectNamespaceLike } from '@social-webhooks/cloudflare';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll } from 'vitest';
import { bundleWorker } from './runtimes.js';

/** Which storage a call of the stores' Worker runs on: the D1 binding, or the Durable Object. */
export type StorageKind = 'd1' | 'do';

/** Two Workers, `a` and `b`, on workerd through Miniflare, sharing one D1 database and one SocialWebhooksState. */
export interface CloudflareWorkers {
  /** Runs `store`'s `method` in Worker `worker` and answers its result (a store's error rejects). */
  call(worker: 'a' | 'b', request: StoreCall): Promise<unknown>;
  /** The calls to the storage Worker `worker` made so far (each D1 all() or batch(), each request to the object). */
  storageCalls(worker: 'a' | 'b'): Promise<number>;
  /** Worker `a`'s address on loopback, for a client that POSTs over HTTP (the emulator). */
  readonly url: () => string;
  /**
   * Worker `a`'s D1 database and Durable Object namespace as Node sees them through Miniflare's
   * proxies: each call crosses into workerd, as a Worker's binding call does.
   */
  bindings(): Promise<{ d1: D1Like; durableObject: DurableObjectNamespaceLike }>;
  /** Sends a request to Worker `worker`. */
  fetch(worker: 'a' | 'b', path: string, init?: RequestInit): Promise<Response>;
}

export interface StoreCall {
  readonly storage: StorageKind;
  readonly prefix: string;
  readonly store: 'dedupe' | 'tokens' | 'limiter' | 'keys' | 'held' | 'admin';
  readonly method: string;
  readonly args?: unknown[];
  readonly options?: Record<string, number>;
}

/**
 * Starts the two Workers of test/runtimes/cloudflare-stores-worker.ts (or another `entry` of
 * test/runtimes/ with the same bindings) for the file's tests: `a`
 * exports SocialWebhooksState and binds it as STATE, `b` binds a's class; both bind the same D1
 * database as DB. `HUB_URL` is a binding of both.
 */
export function useCloudflareWorkers(
  bindings: () => Record<string, string> = () => ({}),
  entry = 'cloudflare-stores-worker.ts',
): CloudflareWorkers {
  let miniflare: Miniflare | undefined;
  let url = '';
  beforeAll(async () => {
    const script = await bundleWorker(fileURLToPath(new URL(`../runtimes/${entry}`, import.meta.url)));
    const shared = { modules: true, script, compatibilityDate: '2025-01-01', d1Databases: { DB: 'stores-db' }, bindings: bindings() };
    miniflare = new Miniflare({
      workers: [
        { ...shared, name: 'a', durableObjects: { STATE: { className: 'SocialWebhooksState', useSQLite: true } } },
        { ...shared, name: 'b', durableObjects: { STATE: { className: 'SocialWebhooksState', scriptName: 'a', useSQLite: true } } },
      ],
    });
    url = (await miniflare.ready).origin;
  }, 60_000);
  afterAll(() => miniflare?.dispose());

  // Miniflare's Fetcher answers its own Response type; the tests read it as the global one.
  const fetchFrom = async (worker: 'a' | 'b', path: string, init?: RequestInit): Promise<Response> => {
    const fetcher = (await miniflare!.getWorker(worker)) as unknown as { fetch(url: string, init?: RequestInit): Promise<Response> };
    return fetcher.fetch(`http://stores${path}`, init);
  };
  return {
    url: () => url,
    async bindings() {
      const d1 = (await miniflare!.getD1Database('DB', 'a')) as unknown as D1Like;
      const durableObject = (await miniflare!.getDurableObjectNamespace('STATE', 'a')) as unknown as DurableObjectNamespaceLike;
      return { d1, durableObject };
    },
    fetch: fetchFrom,
    async call(worker, request) {
      const response = await fetchFrom(worker, '/call', { method: 'POST', body: JSON.stringify({ args: [], ...request }) });
      const reply = (await response.json()) as { result?: unknown; error?: string };
      if (reply.error !== undefined) throw new Error(reply.error);
      return reply.result;
    },
    async storageCalls(worker) {
      return ((await (await fetchFrom(worker, '/count')).json()) as { calls: number }).calls;
    },
  };
}

import type { ArchivedDelivery, ArchivePage, DeliveryArchive } from '@social-webhooks/core';
import type { CloudflareWorkers, StorageKind } from './cloudflare-workers.js';

/** Where an archive of test/runtimes/cloudflare-archive-worker.ts keeps its deliveries, and its bounds. */
export interface WorkerArchiveWhere {
  readonly storage: StorageKind;
  readonly prefix: string;
  readonly options?: { readonly keepMs?: number; readonly maxDeliveries?: number };
}

// Bytes travel as arrays of numbers both ways (the Worker's POST /archive makes them bytes again).
const bytesAsArrays = (_key: string, value: unknown) => (value instanceof Uint8Array ? Array.from(value) : value);
const revived = (delivery: unknown): ArchivedDelivery => {
  const row = delivery as ArchivedDelivery & { body: number[] };
  return { ...row, body: Uint8Array.from(row.body) };
};

/**
 * Runs `method` of a cloudflareDeliveryArchive made for the call in Worker `worker` (POST /archive)
 * and answers its result as JSON carries it (`null` for nothing); the store's error rejects with
 * its message.
 */
export async function archiveCall(
  workers: CloudflareWorkers,
  { storage, prefix, options = {} }: WorkerArchiveWhere,
  method: string,
  args: readonly unknown[],
  worker: 'a' | 'b' = 'a',
): Promise<unknown> {
  const body = JSON.stringify({ storage, prefix, method, args, options }, bytesAsArrays);
  const response = await workers.fetch(worker, '/archive', { method: 'POST', body });
  const reply = (await response.json()) as { result?: unknown; error?: string };
  if (reply.error !== undefined) throw new Error(reply.error);
  return reply.result;
}

/**
 * Archives on `where` as the archive contract takes them: each instance runs its calls in Worker a
 * or b in turn (both bind the same D1 database and Durable Object), answering what the archive in
 * the Worker answered. countRefused() and refusedCounts() count in the archive's own process, the
 * Worker's, which a test cannot read synchronously: they throw.
 */
export function workerArchive(workers: CloudflareWorkers, where: WorkerArchiveWhere): () => DeliveryArchive {
  let instances = 0;
  return () => {
    const worker = instances++ % 2 === 0 ? 'a' : 'b';
    const call = (method: string, ...args: unknown[]) => archiveCall(workers, where, method, args, worker);
    const inTheWorker = (): never => {
      throw new Error('the refusals of an archive in a Worker are counted in the Worker: read them there');
    };
    return {
      add: async (delivery) => String(await call('add', delivery)),
      settle: async (id, outcome) => void (await call('settle', id, outcome)),
      recordReplay: async (id, outcome, checkpoint) => void (await call('recordReplay', id, outcome, ...(checkpoint ? [checkpoint] : []))),
      saveCheckpoint: async (name, value) => void (await call('saveCheckpoint', name, value)),
      checkpoint: async (name) => ((await call('checkpoint', name)) ?? undefined) as Awaited<ReturnType<DeliveryArchive['checkpoint']>>,
      get: async (id) => {
        const found = await call('get', id);
        return found === null ? undefined : revived(found);
      },
      list: async (query) => {
        const page = (await call('list', ...(query ? [query] : []))) as ArchivePage;
        return { ...page, deliveries: page.deliveries.map(revived) };
      },
      countRefused: inTheWorker,
      refusedCounts: inTheWorker,
    };
  };
}

/**
 * The majors of `bullmq` and `redis` that this process loads, told by what each major added:
 * BullMQ 6's `Queue#getBackend()` (it replaced `queue.client`), node-redis 6's `DEFAULT_RESP` export.
 */
export async function loadedMajors(): Promise<{ bullmq: number; redis: number }> {
  const bullmq = await import('bullmq');
  const redis = await import('redis');
  return { bullmq: 'getBackend' in bullmq.Queue.prototype ? 6 : 5, redis: 'DEFAULT_RESP' in redis ? 6 : 5 };
}

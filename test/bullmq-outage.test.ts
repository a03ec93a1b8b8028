import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildServer } from './support/child-server.js';
import { completed, deliver, eventually, followEvent, startQueueReceiver, startQueueWorker } from './support/queue-processes.js';
import { startRedis, type RedisServer } from './support/redis-server.js';

// Redis goes away while deliveries arrive: each is answered 503 within the hand-off's bound (500 ms
// here), so the service retries it; nothing crashes; once Redis is back every retry is stored once.
const BOUND_MS = 500;

describe('the BullMQ hand-off while Redis is unavailable', () => {
  let redis: RedisServer;
  let receiver: ChildServer;
  let worker: ChildServer;
  beforeAll(async () => {
    redis = await startRedis();
    [receiver, worker] = await Promise.all([startQueueReceiver(redis, 'outage', { TIMEOUT_MS: String(BOUND_MS) }), startQueueWorker(redis, 'outage')]);
  });
  afterAll(async () => {
    redis?.thaw();
    await Promise.all([receiver?.stop(), worker?.stop()]);
    await redis?.stop();
  });

  async function refusedWhileDown(ids: readonly string[]): Promise<void> {
    const answers = await Promise.all(ids.map((id) => deliver(receiver.port, followEvent(id))));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ error: 'queue_unavailable' });
      // The bound plus the time an HTTP round trip takes on a loaded machine; never a hang.
      expect(answer.ms).toBeLessThan(BOUND_MS + 1000);
    }
  }

  /** The service's retries: each id redelivered until it is answered 2xx. */
  async function retryUntilStored(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      let status = 0;
      for (let attempt = 0; attempt < 100 && status !== 202; attempt++) {
        status = (await deliver(receiver.port, followEvent(id))).status;
        if (status !== 202) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(202);
    }
  }

  it('answers 503 within the bound while Redis is stopped, and stores every retry once it is back', async () => {
    const ids = ['stopped-1', 'stopped-2', 'stopped-3'];
    await redis.stop();
    await refusedWhileDown(ids);
    expect([receiver.child.exitCode, worker.child.exitCode]).toEqual([null, null]);
    await redis.restart();
    await retryUntilStored(ids);
    expect(await eventually(() => completed([worker]).filter((id) => id.startsWith('stopped-')).length === ids.length, 20_000)).toBe(true);
    expect(completed([worker]).filter((id) => id.startsWith('stopped-')).sort()).toEqual(ids);
  });

  it('answers 503 within the bound while Redis is frozen (SIGSTOP), and processes each event once after', async () => {
    const ids = ['frozen-1', 'frozen-2', 'frozen-3'];
    redis.freeze();
    try {
      await refusedWhileDown(ids);
      expect([receiver.child.exitCode, worker.child.exitCode]).toEqual([null, null]);
    } finally {
      redis.thaw();
    }
    // The frozen server still holds the adds it never answered, and runs them once thawed: the
    // retries then find the job ids taken, so each event is still one job.
    await retryUntilStored(ids);
    expect(await eventually(() => completed([worker]).filter((id) => id.startsWith('frozen-')).length === ids.length, 20_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(completed([worker]).filter((id) => id.startsWith('frozen-')).sort()).toEqual(ids);
  });
});

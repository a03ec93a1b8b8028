import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildDelivery, sampleEvent } from '@social-webhooks/core/testing';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { startRedis, type RedisServer } from './support/redis-server.js';

// Two receiver processes (Express, support/dedupe-receiver.ts) share one real redis-server, as
// instances behind a load balancer would: each retry of a delivery may land on either.
const SECRET = 'redis-dedupe-secret';
const TSX = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const RECEIVER = fileURLToPath(new URL('./support/dedupe-receiver.ts', import.meta.url));

function startReceiver(redis: RedisServer, onStoreError: 'reject' | 'process', handlerMs: number): Promise<ChildServer> {
  return startChildServer(TSX, ['--conditions=source', RECEIVER], {
    env: { REDIS_URL: redis.url, WEBHOOK_SECRET: SECRET, ON_STORE_ERROR: onStoreError, HANDLER_MS: String(handlerMs) },
  });
}

async function deliver(port: number, data: Record<string, unknown>): Promise<{ status: number; body: unknown; ms: number }> {
  const { headers, body } = buildDelivery({ secret: SECRET, data });
  const started = Date.now();
  const response = await fetch(`http://127.0.0.1:${port}/webhook`, { method: 'POST', headers, body });
  return { status: response.status, body: await response.json(), ms: Date.now() - started };
}

const event = (id: string, extra: Record<string, unknown> = {}) => ({ ...sampleEvent('follow.created').data, id, ...extra });
const handled = (servers: ChildServer[], id: string) => servers.flatMap((server) => server.lines).filter((line) => line === `HANDLED ${id}`).length;

describe('two receiver processes sharing one Redis', () => {
  let redis: RedisServer;
  let servers: ChildServer[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    servers = await Promise.all([startReceiver(redis, 'reject', 300), startReceiver(redis, 'reject', 300)]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await redis?.stop();
  });

  it('run the handler exactly once for the same event delivered 50 times concurrently', async () => {
    const ports = servers.map((server) => server.port);
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => deliver(ports[index % 2]!, event('fifty-at-once'))));
    expect(handled(servers, 'fifty-at-once')).toBe(1);
    const statuses = results.map((result) => result.status);
    // One ran it; the others found it in flight (409, retried later) or already handled (200).
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(results.filter((result) => result.body === 'ok')).toHaveLength(1);
    // The service's later retries, on either instance, are answered 200 without running it again.
    const retries = await Promise.all(ports.flatMap((port) => [deliver(port, event('fifty-at-once')), deliver(port, event('fifty-at-once'))]));
    expect(retries.map((retry) => [retry.status, retry.body])).toEqual(Array(4).fill([200, 'ignored: already handled']));
    expect(handled(servers, 'fifty-at-once')).toBe(1);
  });

  it('run a failing handler again on each retry, whichever instance gets it', async () => {
    const failing = event('always-fails', { followerProfileId: 'always-fails' });
    for (const server of [...servers, ...servers]) expect((await deliver(server.port, failing)).status).toBe(500);
    expect(handled(servers, 'always-fails')).toBe(4);
  });
});

describe('Redis stopped mid-run', () => {
  let redis: RedisServer;
  let rejecting: ChildServer;
  let processing: ChildServer;
  beforeAll(async () => {
    redis = await startRedis();
    [rejecting, processing] = await Promise.all([startReceiver(redis, 'reject', 200), startReceiver(redis, 'process', 200)]);
  });
  afterAll(async () => {
    await Promise.all([rejecting?.stop(), processing?.stop()]);
    await redis?.stop();
  });
  afterEach(async () => {
    // Each test leaves Redis as it found it: running.
    await redis.restart();
  });

  it('answers a delivery whose handler was running when Redis stopped, and keeps both processes up', async () => {
    const pending = deliver(rejecting.port, event('stopped-while-running'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    await redis.stop();
    // The claim was taken before Redis stopped; completing it fails, but the handler succeeded.
    expect((await pending).status).toBe(200);
    expect(handled([rejecting], 'stopped-while-running')).toBe(1);
    expect(rejecting.child.exitCode).toBeNull();
  });

  it("follows onStoreError while Redis is down: 'reject' answers 503 at once, 'process' runs the handler", async () => {
    await redis.stop();
    const refused = await deliver(rejecting.port, event('while-down'));
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ error: 'dedupe_unavailable' });
    // Bounded by the store timeout (500 ms here), never a hang.
    expect(refused.ms).toBeLessThan(2000);
    expect(handled([rejecting], 'while-down')).toBe(0);

    const processed = await deliver(processing.port, event('while-down'));
    expect(processed.status).toBe(200);
    expect(processed.ms).toBeLessThan(2000);
    expect(handled([processing], 'while-down')).toBe(1);
    expect([rejecting.child.exitCode, processing.child.exitCode]).toEqual([null, null]);
  });

  it('dedupes again once Redis is back, without restarting the receivers', async () => {
    await redis.stop();
    expect((await deliver(rejecting.port, event('after-restart'))).status).toBe(503);
    await redis.restart();
    // The clients reconnect within a few of their 100 ms retries.
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      status = (await deliver(rejecting.port, event('after-restart'))).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect((await deliver(processing.port, event('after-restart'))).body).toBe('ignored: already handled');
    expect(handled([rejecting, processing], 'after-restart')).toBe(1);
  });
});

describe('Redis frozen for a moment (SIGSTOP, then SIGCONT)', () => {
  let redis: RedisServer;
  let receiver: ChildServer;
  beforeAll(async () => {
    redis = await startRedis();
    receiver = await startReceiver(redis, 'reject', 50);
  });
  afterAll(async () => {
    redis?.thaw();
    await receiver?.stop();
    await redis?.stop();
  });

  it('does not let a claim it gave up on outlive the freeze: the retry after the thaw runs the handler', async () => {
    redis.freeze();
    const frozenAt = Date.now();
    try {
      // The claim's SET NX is sent, and waits in the frozen server's socket; the receiver stops
      // waiting after its timeoutMs (500 ms) and answers 503, which the service retries.
      const refused = await deliver(receiver.port, event('frozen-claim'));
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ error: 'dedupe_unavailable' });
      expect(handled([receiver], 'frozen-claim')).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1500 - (Date.now() - frozenAt))));
    } finally {
      redis.thaw();
    }
    // Redis now runs the queued SET NX, which takes the key for the lease (60 s). The receiver
    // releases it once that reply is in; the service's retry, a moment later, must not get 409.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const retried = await deliver(receiver.port, event('frozen-claim'));
    expect([retried.status, retried.body]).toEqual([200, 'ok']);
    expect(handled([receiver], 'frozen-claim')).toBe(1);
    // And it is remembered as handled, as any delivery.
    expect((await deliver(receiver.port, event('frozen-claim'))).body).toBe('ignored: already handled');
  });
});

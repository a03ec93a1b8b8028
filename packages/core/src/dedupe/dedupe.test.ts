import { describe, expect, it } from 'vitest';
import { WebhookError } from '../errors.js';
import type { LogFields } from '../observe/logger.js';
import { buildDeliveryRequest, sampleEvent } from '../testing/index.js';
import { webhookHandler } from '../web/webhook-handler.js';
import type { DedupeOptions } from './dedupe-options.js';
import type { DedupeStore } from './dedupe-store.js';
import { memoryStore } from './memory-store.js';

const SECRET = 'dedupe-secret';
const deliver = () => buildDeliveryRequest({ secret: SECRET });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function receiver(dedupe: boolean | DedupeOptions, handler: () => unknown = () => undefined) {
  const runs: number[] = [];
  const logs: { level: string; message: string; fields: LogFields }[] = [];
  const log = (level: string) => (message: string, fields: LogFields) => void logs.push({ level, message, fields });
  const handle = webhookHandler({
    secret: SECRET,
    dedupe,
    on: {
      'follow.created': () => {
        runs.push(runs.length);
        return handler();
      },
    },
    onError: () => undefined,
    logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
  });
  return { handle, runs, logs };
}

/** A store whose calls fail (or hang) while `broken` is set. */
function flakyStore(mode: 'reject' | 'hang'): DedupeStore & { broken: Set<keyof DedupeStore> } {
  const inner = memoryStore();
  const broken = new Set<keyof DedupeStore>();
  const guard = <T>(method: keyof DedupeStore, run: () => Promise<T>): Promise<T> => {
    if (!broken.has(method)) return run();
    return mode === 'hang' ? new Promise<T>(() => undefined) : Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379'));
  };
  return {
    broken,
    claim: (key, token, leaseMs) => guard('claim', () => inner.claim(key, token, leaseMs)),
    complete: (key, token, ttlMs) => guard('complete', () => inner.complete(key, token, ttlMs)),
    release: (key, token) => guard('release', () => inner.release(key, token)),
  };
}

describe('dedupe', () => {
  it('runs the handler once for the same delivery twice, answering the second 200 duplicate', async () => {
    const { handle, runs } = receiver(true);
    const first = await handle(deliver());
    const second = await handle(deliver());
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.json()).toBe('ignored: already handled');
    expect(runs).toHaveLength(1);
  });

  it('answers 409 delivery_in_progress to a duplicate that arrives while the first is running', async () => {
    const { handle, runs } = receiver(true, () => sleep(50));
    const [first, second] = await Promise.all([handle(deliver()), handle(deliver())]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(await refused.json()).toMatchObject({ error: 'delivery_in_progress' });
    expect(runs).toHaveLength(1);
    // Once the first succeeded, the service's retry is answered as handled.
    expect((await handle(deliver())).status).toBe(200);
    expect(runs).toHaveLength(1);
  });

  it('releases the claim of a failed handler, so the retry runs it again', async () => {
    let fail = true;
    const { handle, runs } = receiver(true, () => {
      if (fail) throw new Error('db down');
    });
    expect((await handle(deliver())).status).toBe(500);
    fail = false;
    expect((await handle(deliver())).status).toBe(200);
    expect((await handle(deliver())).status).toBe(200);
    expect(runs).toHaveLength(2);
  });

  it('does not dedupe deliveries with different ids', async () => {
    const { handle, runs } = receiver(true);
    const other = buildDeliveryRequest({ secret: SECRET, data: { followerProfileId: '1', followingProfileId: '2', id: 'other' } });
    await handle(deliver());
    await handle(other);
    expect(runs).toHaveLength(2);
  });

  it('keys by the X-Convoy-Idempotency-Key header when present, over the payload id', async () => {
    const { handle, runs } = receiver(true);
    const withKey = (id: string, key: string) => {
      const request = buildDeliveryRequest({ secret: SECRET, data: { ...sampleEvent('follow.created').data, id } });
      request.headers.set('x-convoy-idempotency-key', key);
      return request;
    };
    expect((await handle(withKey('first', 'k-1'))).status).toBe(200);
    // A retry of the same delivery, whatever its body says, is a duplicate; another key is not.
    expect(await (await handle(withKey('second', 'k-1'))).json()).toBe('ignored: already handled');
    expect(await (await handle(withKey('first', 'k-2'))).json()).toBe('ok');
    expect(runs).toHaveLength(2);
  });

  it('claims nothing for an event without a handler', async () => {
    const claims: string[] = [];
    const store: DedupeStore = { ...memoryStore(), claim: async (key) => (claims.push(key), 'claimed') };
    const handle = webhookHandler({ secret: SECRET, dedupe: { store } });
    expect((await handle(deliver())).status).toBe(200);
    expect(claims).toEqual([]);
  });

  describe.each(['reject', 'hang'] as const)('a store that fails by %s', (mode) => {
    it("answers 503 dedupe_unavailable under onStoreError 'reject' (the default), within timeoutMs", async () => {
      const store = flakyStore(mode);
      store.broken.add('claim');
      const { handle, runs, logs } = receiver({ store, timeoutMs: 50 });
      const started = Date.now();
      const response = await handle(deliver());
      expect(Date.now() - started).toBeLessThan(1000);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: 'dedupe_unavailable' });
      expect(runs).toEqual([]);
      expect(logs.some((log) => log.level === 'error' && /dedupe store failed/.test(log.message))).toBe(true);
    });

    it("runs the handler anyway under onStoreError 'process'", async () => {
      const store = flakyStore(mode);
      store.broken.add('claim');
      const { handle, runs } = receiver({ store, timeoutMs: 50, onStoreError: 'process' });
      expect((await handle(deliver())).status).toBe(200);
      expect((await handle(deliver())).status).toBe(200);
      expect(runs).toHaveLength(2);
    });

    it('still answers 200 when completing the claim fails, and warns', async () => {
      const store = flakyStore(mode);
      store.broken.add('complete');
      const { handle, runs, logs } = receiver({ store, timeoutMs: 50 });
      expect((await handle(deliver())).status).toBe(200);
      expect(runs).toHaveLength(1);
      expect(logs.some((log) => log.level === 'warn' && /failed to complete/.test(log.message))).toBe(true);
    });

    it('still answers 500 when releasing a failed claim fails', async () => {
      const store = flakyStore(mode);
      store.broken.add('release');
      const { handle } = receiver({ store, timeoutMs: 50 }, () => {
        throw new Error('db down');
      });
      expect((await handle(deliver())).status).toBe(500);
    });
  });

  it('treats a store that throws synchronously as failed, never as a crash', async () => {
    const store: DedupeStore = {
      claim: () => {
        throw new Error('not connected');
      },
      complete: async () => undefined,
      release: async () => undefined,
    };
    const { handle } = receiver({ store });
    expect((await handle(deliver())).status).toBe(503);
  });

  it('checks the dedupe option when the handler is built', () => {
    const build = (dedupe: unknown) => () => webhookHandler({ secret: SECRET, dedupe: dedupe as DedupeOptions });
    expect(build({ onStoreError: 'retry' })).toThrow(/onStoreError` must be 'reject' \(answer 503\) or 'process'/);
    expect(build({ ttlMs: 0 })).toThrow(/ttlMs` must be a positive whole number/);
    expect(build({ timeoutMs: 1.5 })).toThrow(/timeoutMs/);
    expect(build({ store: {} })).toThrow(/claim, complete and release/);
    expect(build({ key: 'id' })).toThrow(/key` must be a function/);
    expect(build('yes')).toThrow(WebhookError);
    expect(build(false)).not.toThrow();
  });
});

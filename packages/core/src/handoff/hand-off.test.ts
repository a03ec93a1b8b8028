import { describe, expect, it } from 'vitest';
import { buildDelivery } from '../samples/build-delivery.js';
import { sampleEvent } from '../samples/samples.js';
import { webhookHandler } from '../web/webhook-handler.js';
import type { Handoff, HandoffJob } from './handoff.js';
import type { DeliveryEnd, Instrumentation } from '../observe/instrumentation.js';

const secret = 'handoff-secret';

/** A hand-off that records jobs, or fails or hangs as told. */
function recordingHandoff(behaviour: 'store' | 'reject' | 'hang' = 'store', timeoutMs = 100): Handoff & { jobs: HandoffJob[] } {
  const jobs: HandoffJob[] = [];
  return {
    jobs,
    timeoutMs,
    enqueue(job) {
      if (behaviour === 'reject') return Promise.reject(new Error('READONLY You can\'t write against a read only replica.'));
      if (behaviour === 'hang') return new Promise(() => undefined);
      jobs.push(job);
      return Promise.resolve();
    },
  };
}

async function post(handle: (request: Request) => Promise<Response>, headers: Record<string, string> = {}, data: unknown = sampleEvent('follow.created').data) {
  const built = buildDelivery({ secret, data });
  const response = await handle(new Request('http://localhost/webhook', { method: 'POST', headers: { ...built.headers, ...headers }, body: built.body }));
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('the handoff option', () => {
  it('answers 202 queued once the job is stored, keyed by the payload id', async () => {
    const handoff = recordingHandoff();
    const { status, body } = await post(webhookHandler({ secret, handoff }));
    expect([status, body]).toEqual([202, 'queued']);
    expect(handoff.jobs).toHaveLength(1);
    const [job] = handoff.jobs;
    expect(job!.event).toEqual(sampleEvent('follow.created'));
    expect(job!.key).toBe(`follow.created:id:${sampleEvent('follow.created').data.id!}`);
    expect(job!.carrier).toEqual({});
  });

  it('prefers the X-Convoy-Idempotency-Key header over the payload id, and takes a custom header list', async () => {
    const handoff = recordingHandoff();
    await post(webhookHandler({ secret, handoff }), { 'X-Convoy-Idempotency-Key': 'convoy-1' });
    expect(handoff.jobs[0]!.key).toBe('follow.created:header:convoy-1');
    const custom = recordingHandoff();
    const handle = webhookHandler({ secret, handoff: custom, deliveryIdHeaders: ['X-Delivery-Id'] });
    await post(handle, { 'x-delivery-id': 'mine', 'x-convoy-idempotency-key': 'ignored' });
    await post(handle, { 'x-convoy-idempotency-key': 'ignored' });
    expect(custom.jobs.map((job) => job.key)).toEqual(['follow.created:header:mine', `follow.created:id:${sampleEvent('follow.created').data.id!}`]);
  });

  it.each(['reject', 'hang'] as const)('answers 503 queue_unavailable within the bound when the queue does %s', async (behaviour) => {
    const started = performance.now();
    const { status, body } = await post(webhookHandler({ secret, handoff: recordingHandoff(behaviour, 100), onError: () => undefined }));
    expect(status).toBe(503);
    expect(body).toEqual({ error: 'queue_unavailable', message: 'The receiver could not store the delivery for processing. Retry later.' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses before the queue: a forged header is 401 and stores nothing', async () => {
    const handoff = recordingHandoff();
    const built = buildDelivery({ secret: 'forged' });
    const response = await webhookHandler({ secret, handoff })(new Request('http://localhost/webhook', { method: 'POST', ...built }));
    expect(response.status).toBe(401);
    expect(handoff.jobs).toHaveLength(0);
  });

  it('refuses on, dedupe and respondWithin beside it, saying where handlers go', () => {
    const handoff = recordingHandoff();
    expect(() => webhookHandler({ secret, handoff, on: {} })).toThrow(/move `on` to the worker/);
    expect(() => webhookHandler({ secret, handoff, dedupe: true })).toThrow(/leave `dedupe` out/);
    expect(() => webhookHandler({ secret, handoff, respondWithin: 10 })).toThrow(/leave `respondWithin` out/);
    expect(() => webhookHandler({ secret, handoff: {} as Handoff })).toThrow(/enqueue method/);
    expect(() => webhookHandler({ secret, deliveryIdHeaders: ['bad header'] })).toThrow(/deliveryIdHeaders/);
  });
});

describe('the instrumentation option', () => {
  function recordingInstrumentation() {
    const ends: DeliveryEnd[] = [];
    const instrumentation: Instrumentation = {
      startDelivery: () => ({ run: (work) => work(), inject: () => ({ traceparent: 'tp' }), end: (end) => void ends.push(end) }),
    };
    return { ends, instrumentation };
  }

  it('ends a scope per delivery with its outcome, and carries its context into the job', async () => {
    const { ends, instrumentation } = recordingInstrumentation();
    const handoff = recordingHandoff();
    await post(webhookHandler({ secret, handoff, instrumentation }), { 'x-convoy-idempotency-key': 'k1' });
    expect(handoff.jobs[0]!.carrier).toEqual({ traceparent: 'tp' });
    expect(ends).toMatchObject([{ status: 202, code: 'queued', eventName: 'follow.created', afterResponse: false, deliveryId: 'k1' }]);
  });

  it('observes the plain receiver too, refusals included, and a handler settling after a 202', async () => {
    const { ends, instrumentation } = recordingInstrumentation();
    const handle = webhookHandler({ secret, instrumentation, respondWithin: 10, on: { 'follow.created': () => new Promise((resolve) => setTimeout(resolve, 50)) } });
    await post(handle);
    const forged = buildDelivery({ secret: 'forged' });
    await handle(new Request('http://localhost/webhook', { method: 'POST', ...forged }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ends.map(({ status, code, afterResponse }) => [status, code, afterResponse])).toEqual([
      [202, 'accepted', false],
      [401, 'header_mismatch', false],
      [200, 'handled', true],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { DeliveryReport } from '../observe/delivery-report.js';
import { buildDeliveryRequest } from '../testing/index.js';
import { webhookHandler } from '../web/webhook-handler.js';

const SECRET = 'handler-timeout-secret';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('handlerTimeoutMs', () => {
  it('answers 503 handler_timeout once the bound passes, and sends a late failure to onError and the reports', async () => {
    const errors: string[] = [];
    const reports: DeliveryReport[] = [];
    const handle = webhookHandler({
      secret: SECRET,
      handlerTimeoutMs: 20,
      logger: false,
      on: { 'follow.created': async () => (await sleep(300), Promise.reject(new Error('late failure'))) },
      onError: (error) => void errors.push((error as Error).message),
      onResult: (report) => void reports.push(report),
    });
    const started = performance.now();
    const response = await handle(buildDeliveryRequest({ secret: SECRET }));
    // Answered at the bound, long before the handler settles.
    expect(performance.now() - started).toBeLessThan(250);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'handler_timeout' });
    expect(errors).toEqual([]);
    await sleep(350);
    expect(errors).toEqual(['late failure']);
    expect(reports.map(({ status, code, afterResponse }) => [status, code, afterResponse])).toEqual([
      [503, 'handler_timeout', false],
      [500, 'handler_failed', true],
    ]);
  });

  it('lets respondWithin answer 202 first when it is the shorter bound, and times out first when it is not', async () => {
    const slow = { 'follow.created': () => sleep(80) };
    const accepting = webhookHandler({ secret: SECRET, logger: false, respondWithin: 10, handlerTimeoutMs: 40, on: slow });
    expect((await accepting(buildDeliveryRequest({ secret: SECRET }))).status).toBe(202);
    const timingOut = webhookHandler({ secret: SECRET, logger: false, respondWithin: 40, handlerTimeoutMs: 10, on: slow });
    expect((await timingOut(buildDeliveryRequest({ secret: SECRET }))).status).toBe(503);
  });

  it('waits without a bound with false, and answers a handler that settles in time as usual', async () => {
    const unbounded = webhookHandler({ secret: SECRET, logger: false, handlerTimeoutMs: false, on: { 'follow.created': () => sleep(30) } });
    expect((await unbounded(buildDeliveryRequest({ secret: SECRET }))).status).toBe(200);
    const inTime = webhookHandler({ secret: SECRET, logger: false, on: { 'follow.created': () => sleep(5) } });
    expect((await inTime(buildDeliveryRequest({ secret: SECRET }))).status).toBe(200);
  });
});

describe('bodyTimeoutMs', () => {
  function slowBody(delayMs: number): Request {
    const { body, headers } = { body: new TextEncoder().encode(JSON.stringify({ eventName: 'follow.created', data: { followerProfileId: '1', followingProfileId: '2' } })), headers: { 'x-airstack-webhook': SECRET, 'content-type': 'application/json' } };
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(body.slice(0, 10));
        await sleep(delayMs);
        controller.enqueue(body.slice(10));
        controller.close();
      },
    });
    return new Request('http://x/webhook', { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
  }

  it('answers 408 body_timeout with connection: close when the body is late, and reads a body that is in time', async () => {
    const handle = webhookHandler({ secret: SECRET, logger: false, bodyTimeoutMs: 30, on: { 'follow.created': () => undefined } });
    const late = await handle(slowBody(100));
    expect([late.status, late.headers.get('connection')]).toEqual([408, 'close']);
    expect(await late.json()).toMatchObject({ error: 'body_timeout' });
    expect((await handle(slowBody(5))).status).toBe(200);
  });

  it('waits for the body without a bound with false', async () => {
    const handle = webhookHandler({ secret: SECRET, logger: false, bodyTimeoutMs: false, on: { 'follow.created': () => undefined } });
    expect((await handle(slowBody(60))).status).toBe(200);
  });
});

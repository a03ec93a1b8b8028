import { describe, expect, it } from 'vitest';
import type { DeliveryReport } from '../observe/delivery-report.js';
import { buildDeliveryRequest } from '../testing/index.js';
import { webhookHandler } from '../web/webhook-handler.js';

const SECRET = 'respond-within-secret';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('respondWithin', () => {
  it('answers 202 accepted when the handler is still running, and lets it finish', async () => {
    const finished: string[] = [];
    const reports: DeliveryReport[] = [];
    const handle = webhookHandler({
      secret: SECRET,
      respondWithin: 20,
      on: { 'follow.created': async () => void (await sleep(100), finished.push('done')) },
      onResult: (report) => void reports.push(report),
    });
    const response = await handle(buildDeliveryRequest({ secret: SECRET }));
    expect(response.status).toBe(202);
    expect(await response.json()).toBe('accepted: the handler is still running');
    expect(finished).toEqual([]);
    await sleep(150);
    expect(finished).toEqual(['done']);
    expect(reports.map(({ status, code, afterResponse }) => ({ status, code, afterResponse }))).toEqual([
      { status: 202, code: 'accepted', afterResponse: false },
      { status: 200, code: 'handled', afterResponse: true },
    ]);
  });

  it('answers the handler\'s own outcome when it settles in time', async () => {
    const handle = webhookHandler({ secret: SECRET, respondWithin: 1000, on: { 'follow.created': () => sleep(5) } });
    expect((await handle(buildDeliveryRequest({ secret: SECRET }))).status).toBe(200);
    const failing = webhookHandler({ secret: SECRET, respondWithin: 1000, on: { 'follow.created': () => Promise.reject(new Error('x')) }, onError: () => undefined });
    expect((await failing(buildDeliveryRequest({ secret: SECRET }))).status).toBe(500);
  });

  it('sends a failure after the answer to onError, and logs it as an error', async () => {
    const errors: unknown[] = [];
    const logged: string[] = [];
    const handle = webhookHandler({
      secret: SECRET,
      respondWithin: 10,
      on: { 'follow.created': async () => (await sleep(50), Promise.reject(new Error('late failure'))) },
      onError: (error, event) => void errors.push([(error as Error).message, event.eventName]),
      logger: { error: (message, fields) => void logged.push(`${message} ${String(fields.afterResponse)}`) },
    });
    expect((await handle(buildDeliveryRequest({ secret: SECRET }))).status).toBe(202);
    await sleep(100);
    expect(errors).toEqual([['late failure', 'follow.created']]);
    expect(logged).toEqual(['social-webhooks: handler settled after the answer: 500 handler_failed (follow.created) true']);
  });

  it("hands the unfinished work to a Worker's ctx.waitUntil", async () => {
    const waited: Promise<unknown>[] = [];
    const ctx = { waitUntil: (promise: Promise<unknown>) => void waited.push(promise) };
    let finished = false;
    const handle = webhookHandler({ secret: SECRET, respondWithin: 5, on: { 'follow.created': async () => void (await sleep(30), (finished = true)) } });
    const response = await handle(buildDeliveryRequest({ secret: SECRET }), {}, ctx);
    expect(response.status).toBe(202);
    expect(waited).toHaveLength(1);
    await waited[0];
    expect(finished).toBe(true);
  });

  it('does not wait when there is no handler to wait for', async () => {
    const handle = webhookHandler({ secret: SECRET, respondWithin: 0 });
    expect((await handle(buildDeliveryRequest({ secret: SECRET }))).status).toBe(200);
  });

  it('refuses a respondWithin that is not a whole number of milliseconds', () => {
    for (const respondWithin of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => webhookHandler({ secret: SECRET, respondWithin })).toThrow(/respondWithin` must be a whole number of milliseconds/);
    }
  });
});

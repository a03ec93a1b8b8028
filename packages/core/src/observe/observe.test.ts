import { describe, expect, it, vi } from 'vitest';
import { buildDelivery, buildDeliveryRequest, sampleEvent } from '../testing/index.js';
import { webhookHandler } from '../web/webhook-handler.js';
import type { DeliveryReport } from './delivery-report.js';
import type { LogFields, Logger } from './logger.js';

const SECRET = 'observe-secret-value-9f2c';

function recorder() {
  const lines: { level: keyof Logger; message: string; fields: LogFields }[] = [];
  const at = (level: keyof Logger) => (message: string, fields: LogFields) => void lines.push({ level, message, fields });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { lines, logger };
}

describe('logger and onResult', () => {
  it('logs each outcome with its status, code and event name, at a level by status', async () => {
    const { lines, logger } = recorder();
    const handle = webhookHandler({
      secret: SECRET,
      logger,
      on: { 'follow.created': () => undefined, 'follow.deleted': () => Promise.reject(new Error('boom')) },
      onError: () => undefined,
    });
    await handle(buildDeliveryRequest({ secret: SECRET }));
    await handle(buildDeliveryRequest({ secret: 'forged' }));
    await handle(buildDeliveryRequest({ secret: SECRET, eventName: 'follow.deleted' }));
    expect(lines.map(({ level, message }) => [level, message])).toEqual([
      ['info', 'social-webhooks: delivery answered: 200 handled (follow.created)'],
      ['warn', 'social-webhooks: delivery answered: 401 header_mismatch'],
      ['error', 'social-webhooks: delivery answered: 500 handler_failed (follow.deleted)'],
    ]);
    expect(lines[0]!.fields).toEqual({
      status: 200,
      code: 'handled',
      eventName: 'follow.created',
      durationMs: expect.any(Number),
      afterResponse: false,
    });
    expect(lines[1]!.fields).not.toHaveProperty('eventName');
  });

  it('with a logger that has no info level, logs the refusal only and still hands onResult every delivery', async () => {
    const { lines, logger } = recorder();
    const reports: DeliveryReport[] = [];
    const handle = webhookHandler({
      secret: SECRET,
      logger: { warn: logger.warn! },
      on: { 'follow.created': () => undefined },
      onResult: (report) => void reports.push(report),
    });
    await handle(buildDeliveryRequest({ secret: SECRET }));
    await handle(buildDeliveryRequest({ secret: 'forged' }));
    expect(lines.map(({ level, message }) => [level, message])).toEqual([
      ['warn', 'social-webhooks: delivery answered: 401 header_mismatch'],
    ]);
    expect(reports.map(({ status, code }) => [status, code])).toEqual([
      [200, 'handled'],
      [401, 'header_mismatch'],
    ]);
  });

  it('calls onResult once per delivery with status, code, event name and duration', async () => {
    const reports: DeliveryReport[] = [];
    const handle = webhookHandler({ secret: SECRET, onResult: (report) => void reports.push(report) });
    await handle(buildDeliveryRequest({ secret: SECRET, eventName: 'profile.updated' }));
    await handle(
      new Request('http://x/webhook', {
        method: 'POST',
        headers: { 'x-airstack-webhook': SECRET, 'content-type': 'application/json' },
        body: '[]',
      }),
    );
    expect(reports).toEqual([
      { status: 200, code: 'no_handler', eventName: 'profile.updated', durationMs: expect.any(Number), afterResponse: false },
      { status: 400, code: 'body_not_object', eventName: undefined, durationMs: expect.any(Number), afterResponse: false },
    ]);
    expect(reports[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('is silent with logger: false: nothing reaches the console for any outcome', async () => {
    const spies = (['debug', 'info', 'log', 'warn', 'error'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => undefined),
    );
    try {
      const handle = webhookHandler({
        secret: SECRET,
        logger: false,
        on: { 'follow.created': () => undefined, 'follow.deleted': () => Promise.reject(new Error('x')) },
      });
      await handle(buildDeliveryRequest({ secret: SECRET }));
      await handle(buildDeliveryRequest({ secret: 'forged' }));
      await handle(buildDeliveryRequest({ secret: SECRET, eventName: 'follow.deleted' }));
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('answers as usual when the logger or onResult throws or rejects', async () => {
    const throwing = () => {
      throw new Error('logger down');
    };
    for (const onResult of [throwing, () => Promise.reject(new Error('metrics down'))]) {
      const handle = webhookHandler({
        secret: SECRET,
        logger: { debug: throwing, info: throwing, warn: throwing, error: throwing },
        onResult,
        on: { 'follow.created': () => undefined },
      });
      expect((await handle(buildDeliveryRequest({ secret: SECRET }))).status).toBe(200);
    }
  });

  it('reports a handler failure in one logger.error line, with the outcome and the error', async () => {
    const { lines, logger } = recorder();
    const failure = new Error('db down');
    const handle = webhookHandler({ secret: SECRET, logger, on: { 'follow.created': () => Promise.reject(failure) } });
    await handle(buildDeliveryRequest({ secret: SECRET }));
    expect(lines.filter((line) => line.level === 'error')).toEqual([
      {
        level: 'error',
        message: 'social-webhooks: delivery answered: 500 handler_failed (follow.created)',
        fields: expect.objectContaining({ status: 500, code: 'handler_failed', eventName: 'follow.created', error: failure }),
      },
    ]);
  });

  it('accepts console as a logger', () => {
    expect(() => webhookHandler({ secret: SECRET, logger: console })).not.toThrow();
  });

  it('refuses a logger that is not an object of functions, and an onResult that is not a function', () => {
    expect(() => webhookHandler({ secret: SECRET, logger: 'console' as unknown as Logger })).toThrow(/`logger` must be an object/);
    expect(() => webhookHandler({ secret: SECRET, logger: { info: true } as unknown as Logger })).toThrow(
      /`logger.info` must be a function/,
    );
    expect(() => webhookHandler({ secret: SECRET, onResult: 1 as unknown as () => void })).toThrow(/`onResult` must be a function/);
  });

  it('never logs the header value or anything from the body, whatever the outcome', async () => {
    const { lines, logger } = recorder();
    const reports: DeliveryReport[] = [];
    const data = { ...sampleEvent('follow.created').data, id: 'payload-id-7d1e', followerProfileId: 'follower-55501' };
    const handle = webhookHandler({
      secret: { 'follow.created': SECRET },
      logger,
      onResult: (report) => void reports.push(report),
      dedupe: true,
      on: { 'follow.created': () => undefined },
    });
    const { headers, body } = buildDelivery({ secret: SECRET, data });
    const sends = [
      body,
      body, // duplicate
      body.replace('follower-55501', 'follower-55501", "followerProfileId": 1.5, "x": "'), // invalid payload
      '{"eventName": "follow.created", "data": "follower-55501', // invalid JSON
      JSON.stringify({ eventName: 'profile.updated', data: { userId: 'follower-55501' } }), // event mismatch
      JSON.stringify(data), // flat
    ];
    for (const send of sends) await handle(new Request('http://x/webhook', { method: 'POST', headers, body: send }));
    const seen = JSON.stringify([lines, reports]);
    expect(lines.length).toBeGreaterThanOrEqual(sends.length);
    for (const secretOrBody of [SECRET, 'payload-id-7d1e', 'follower-55501', '326089']) expect(seen).not.toContain(secretOrBody);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { buildDelivery, buildDeliveryRequest } from '../testing/index.js';
import { webhookHandler } from '../web/webhook-handler.js';
import { CONSOLE_LINES_PER_WINDOW, CONSOLE_WINDOW_MS, consoleLogger } from './console-logger.js';

const SECRET = 'console-logger-secret-77ab';

describe('the default logger (no logger option)', () => {
  let spies: Record<'debug' | 'info' | 'log' | 'warn' | 'error', MockInstance>;
  beforeEach(() => {
    spies = {
      debug: vi.spyOn(console, 'debug').mockImplementation(() => undefined),
      info: vi.spyOn(console, 'info').mockImplementation(() => undefined),
      log: vi.spyOn(console, 'log').mockImplementation(() => undefined),
      warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
      error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
    };
  });
  afterEach(() => vi.restoreAllMocks());

  it('reports a refusal on console.warn with its code and a hint, never the header value or the body', async () => {
    const handle = webhookHandler({ secret: SECRET, on: { 'follow.created': () => undefined } });
    await handle(buildDeliveryRequest({ secret: 'forged-header-value-123' }));
    const { headers, body } = buildDelivery({ secret: SECRET });
    await handle(new Request('http://x/webhook', { method: 'POST', headers, body: body.slice(0, -3) }));
    expect(spies.warn.mock.calls).toEqual([
      [
        expect.stringMatching(
          /^social-webhooks: delivery answered: 401 header_mismatch\. The delivery header matched no configured secret.*update `secret`/,
        ),
      ],
      [expect.stringMatching(/^social-webhooks: delivery answered: 400 invalid_json\. The body is not JSON/)],
    ]);
    const printed = JSON.stringify(spies.warn.mock.calls);
    for (const value of ['forged-header-value-123', SECRET, '326089']) expect(printed).not.toContain(value);
  });

  it('reports a handler failure on console.error, with the error, and says nothing of 2xx answers', async () => {
    const failure = new Error('db down');
    const handle = webhookHandler({
      secret: SECRET,
      on: { 'follow.created': () => undefined, 'follow.deleted': () => Promise.reject(failure) },
    });
    await handle(buildDeliveryRequest({ secret: SECRET }));
    expect([spies.info, spies.log, spies.warn, spies.error].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0, 0]);
    await handle(buildDeliveryRequest({ secret: SECRET, eventName: 'follow.deleted' }));
    // One line per failure: the outcome, its hint, and the error.
    expect(spies.error.mock.calls).toEqual([
      [
        expect.stringMatching(/^social-webhooks: delivery answered: 500 handler_failed \(follow.deleted\)\. The handler threw or rejected/),
        failure,
      ],
    ]);
  });

  it('prints at most the limit per outcome per minute, however many forged requests come', async () => {
    const handle = webhookHandler({ secret: SECRET });
    for (let index = 0; index < 500; index++) await handle(buildDeliveryRequest({ secret: `forged-${index}` }));
    // The limit's lines, and one that says the rest are counted.
    expect(spies.warn).toHaveBeenCalledTimes(CONSOLE_LINES_PER_WINDOW + 1);
    expect(spies.warn.mock.lastCall![0]).toMatch(/logged 10 times this minute; further lines like it are counted, not printed/);
    // A rarer outcome still gets through.
    await handle(
      new Request('http://x/webhook', {
        method: 'POST',
        headers: { 'x-airstack-webhook': SECRET, 'content-type': 'application/json' },
        body: '[]',
      }),
    );
    expect(spies.warn.mock.lastCall![0]).toMatch(/400 body_not_object/);
  });
});

describe('consoleLogger', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says how many lines it dropped once the window has passed, and logs again', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let now = 0;
    const logger = consoleLogger(() => now);
    for (let index = 0; index < 25; index++)
      logger.warn!('social-webhooks: delivery answered: 401 header_mismatch', { code: 'header_mismatch' });
    expect(warn).toHaveBeenCalledTimes(CONSOLE_LINES_PER_WINDOW + 1);
    now = CONSOLE_WINDOW_MS;
    logger.warn!('social-webhooks: delivery answered: 401 header_mismatch', { code: 'header_mismatch' });
    expect(warn.mock.calls.slice(-2)).toEqual([
      ['social-webhooks: 15 more lines like "header_mismatch" were not logged in the last minute (rate limit).'],
      ['social-webhooks: delivery answered: 401 header_mismatch'],
    ]);
  });
});

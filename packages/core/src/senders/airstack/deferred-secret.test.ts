import { format } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDelivery, buildDeliveryRequest } from '../../testing/index.js';
import { webhookHandler } from '../../web/webhook-handler.js';
import type { LogFields } from '../../observe/logger.js';
import { CONSOLE_LINES_PER_WINDOW } from '../../observe/console-logger.js';

describe('secret given as a function', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('builds the handler before the secret exists, and answers 500 invalid_options with the reason logged until it does', async () => {
    const env: { WEBHOOK_SECRET?: string } = {};
    const logged: Array<[string, LogFields]> = [];
    const handle = webhookHandler({
      secret: () => env.WEBHOOK_SECRET!,
      logger: { error: (message, fields) => logged.push([message, fields]) },
    });
    const missing = await handle(buildDeliveryRequest({ secret: 'late-secret' }));
    expect(missing.status).toBe(500);
    const body = (await missing.json()) as { error: string; message: string };
    expect(body.error).toBe('invalid_options');
    expect(body.message).toMatch(/secret is not configured.*log/);
    // The same message a plain `secret` gets when the handler is built, here at the first delivery.
    expect(logged[0]?.[0]).toMatch(/@social-webhooks\/core: `secret` is missing\. Pass the header_value/);
    expect(logged[0]?.[1].code).toBe('invalid_options');

    // A failure is not kept: once the secret is set, deliveries are checked against it.
    env.WEBHOOK_SECRET = 'late-secret';
    expect((await handle(buildDeliveryRequest({ secret: 'late-secret' }))).status).toBe(200);
    expect((await handle(buildDeliveryRequest({ secret: 'forged' }))).status).toBe(401);
  });

  it('logs a function that throws once: the line, then what it threw, never the same message twice', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...data: unknown[]) => void printed.push(format(...data)));
    const handle = webhookHandler({
      secret: () => {
        throw new Error('the vault is down');
      },
    });
    expect((await handle(buildDeliveryRequest({ secret: 'abc' }))).status).toBe(500);
    const output = printed.join('\n');
    expect(output.split('the `secret` function threw')).toHaveLength(2);
    expect(output.split('the vault is down')).toHaveLength(2);
  });

  it('checks the value the function returns as a plain secret is checked', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handle = webhookHandler({ secret: () => 'abc\n' });
    expect((await handle(buildDeliveryRequest({ secret: 'abc' }))).status).toBe(500);
    expect(String(error.mock.calls[0]?.[0])).toMatch(/trailing whitespace.*Trim it/);
  });

  it('logs the reason through the default logger, rate-limited like every other line', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handle = webhookHandler({ secret: () => undefined });
    for (let i = 0; i < 30; i++) expect((await handle(buildDeliveryRequest({ secret: 'abc' }))).status).toBe(500);
    const reasons = error.mock.calls.filter(([line]) => /`secret` is missing/.test(String(line)));
    expect(reasons.length).toBeGreaterThan(0);
    expect(error.mock.calls.length).toBeLessThanOrEqual(CONSOLE_LINES_PER_WINDOW + 1);
  });

  it('names a function that throws, without its error text in the answer', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handle = webhookHandler({
      secret: () => {
        throw new Error('vault token sk_live_123 expired');
      },
    });
    const response = await handle(buildDeliveryRequest({ secret: 'abc' }));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('sk_live_123');
    expect(String(error.mock.calls[0]?.[0])).toMatch(/the `secret` function threw/);
  });

  it('reads an async secret once, shared by concurrent deliveries, and binds a map as usual', async () => {
    let calls = 0;
    const handle = webhookHandler({
      secret: async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return { 'profile.updated': 'profile-secret' };
      },
    });
    const flat = () => buildDelivery({ secret: 'profile-secret', eventName: 'profile.updated', form: 'flat' });
    const responses = await Promise.all([1, 2, 3].map(() => handle(new Request('http://x/webhook', { method: 'POST', ...flat() }))));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect((await handle(buildDeliveryRequest({ secret: 'profile-secret', eventName: 'follow.created' }))).status).toBe(401);
    expect(calls).toBe(1);
  });

  it('answers 401 to a delivery without the header before reading the secret', async () => {
    const secret = vi.fn(() => 'abc');
    const handle = webhookHandler({ secret });
    expect((await handle(new Request('http://x/webhook', { method: 'POST', body: '{}' }))).status).toBe(401);
    expect(secret).not.toHaveBeenCalled();
  });
});

import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startManagementServer, type ManagementServer } from '../../test/management-server.js';
import { createClient } from '../create-client.js';
import { ApiError } from '../errors.js';

let server: ManagementServer;
beforeAll(async () => {
  server = await startManagementServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ApiError,
  );

/** A port on loopback that nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('requests: time-outs, aborts, network errors, odd answers', () => {
  it('fails with timeout when the service answers too slowly', async () => {
    server.enqueue({ delayMs: 3000, body: { status: true } });
    const client = createClient({ apiKey: server.apiKey, baseUrl: server.url, timeoutMs: 200 });
    const started = Date.now();
    const error = await rejection(client.deleteWebhook('slow'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'timeout', status: undefined, request: 'DELETE /api/v1/webhooks/slow' });
    expect(error!.message).toMatch(/no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('fails with aborted when the per-call signal aborts', async () => {
    server.enqueue({ delayMs: 3000, body: { status: true } });
    const client = createClient({ apiKey: server.apiKey, baseUrl: server.url });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(await rejection(client.deleteWebhook('slow', { signal: controller.signal }))).toMatchObject({ code: 'aborted' });
  });

  it('sends nothing when the signal has already aborted', async () => {
    const client = createClient({ apiKey: server.apiKey, baseUrl: server.url });
    expect(await rejection(client.deleteWebhook('x', { signal: AbortSignal.abort() }))).toMatchObject({ code: 'aborted' });
    expect(server.requests).toHaveLength(0);
  });

  it('fails with network_error, a distinct code, when nothing listens', async () => {
    const client = createClient({ apiKey: 'k', baseUrl: `http://127.0.0.1:${await closedPort()}` });
    const error = await rejection(client.deleteWebhook('x'));
    expect(error).toMatchObject({ code: 'network_error', status: undefined });
    expect(error!.message).toMatch(/ECONNREFUSED/);
  });

  it('keeps the text of an answer that is not JSON', async () => {
    server.enqueue({ status: 502, text: '<html>Bad gateway</html>' });
    const client = createClient({ apiKey: server.apiKey, baseUrl: server.url });
    expect(await rejection(client.deleteWebhook('x'))).toMatchObject({
      code: 'server_error',
      status: 502,
      serviceMessage: undefined,
      body: '<html>Bad gateway</html>',
    });
  });

  it.each([
    [404, 'not_found'],
    [403, 'unauthorized'],
    [429, 'rate_limited'],
    [418, 'http_error'],
  ])('maps %i to %s', async (status, code) => {
    server.enqueue({ status, body: { message: 'm' } });
    const client = createClient({ apiKey: server.apiKey, baseUrl: server.url });
    expect(await rejection(client.deleteWebhook('x'))).toMatchObject({ code, status, serviceMessage: 'm' });
  });

  it('uses the fetch option when given', async () => {
    const seen: string[] = [];
    const client = createClient({
      apiKey: server.apiKey,
      baseUrl: server.url,
      fetch: (input, init) => {
        seen.push(`${init.method ?? 'GET'} ${input}`);
        return fetch(input, init);
      },
    });
    await client.testFilter({ event_type: 'profile.created' });
    expect(seen).toEqual([`POST ${server.url}/api/v1/filters/test`]);
  });
});

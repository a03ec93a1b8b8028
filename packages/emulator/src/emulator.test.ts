import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleEvent } from '@social-webhooks/core/testing';
import { startEmulator, type Emulator } from './emulator.js';
import { DEFAULT_API_KEY } from './options.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ apiKeys: [DEFAULT_API_KEY, 'second-key'] });
});
afterAll(() => emulator.stop());

async function call(method: string, path: string, body?: unknown, key: string | null = DEFAULT_API_KEY) {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (key !== null) headers['authorization'] = key;
  const response = await fetch(emulator.url + path, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const followConfig = { event_type: 'follow.created', filter: { followerProfileId: '3761' }, payload: sampleEvent('follow.created').data };

describe('management API, as the service answers', () => {
  it('creates a webhook with the documented 200 shape and a fresh id and header value each time', async () => {
    const first = await call('POST', '/api/v1/webhooks', { endpoint: 'http://127.0.0.1:9/webhook', filter_config: followConfig });
    const second = await call('POST', '/api/v1/webhooks', { endpoint: 'https://example.test/hook', filter_config: { event_type: 'profile.updated' } }, 'second-key');
    expect(first).toMatchObject({ status: 200, body: { status: true, message: 'Successfully created webhook', authentication: { header_name: 'x-airstack-webhook' } } });
    expect(Object.keys(first.body).sort()).toEqual(['authentication', 'message', 'portal_link', 'status', 'webhook_id']);
    expect(first.body['webhook_id']).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    const values = [first, second].map((r) => (r.body['authentication'] as { header_value: string }).header_value);
    expect(values[0]).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(values[0]).not.toBe(values[1]);
    expect(first.body['webhook_id']).not.toBe(second.body['webhook_id']);
  });

  it.each([
    ['no endpoint', { filter_config: followConfig }],
    ['an endpoint that is not a URL', { endpoint: 'not a url', filter_config: followConfig }],
    ['an ftp endpoint', { endpoint: 'ftp://example.test/', filter_config: followConfig }],
    ['an unknown event type', { endpoint: 'http://x.test/', filter_config: { event_type: 'cast.created' } }],
    ['a filter without a payload', { endpoint: 'http://x.test/', filter_config: { event_type: 'follow.created', filter: { followerProfileId: '1' } } }],
    ['a payload that does not satisfy the filter', { endpoint: 'http://x.test/', filter_config: { ...followConfig, filter: { followerProfileId: '602' } } }],
    ['an unknown operator', { endpoint: 'http://x.test/', filter_config: { ...followConfig, filter: { followerProfileId: { $ne: '1' } } } }],
  ])('refuses %s with the documented 400 shape', async (_name, body) => {
    const answer = await call('POST', '/api/v1/webhooks', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ authentication: {}, status: false, message: expect.any(String) });
  });

  it('deletes a webhook once, then answers the documented 400', async () => {
    const created = await call('POST', '/api/v1/webhooks', { endpoint: 'http://127.0.0.1:9/webhook', filter_config: { event_type: 'follow.deleted' } });
    const id = created.body['webhook_id'] as string;
    expect(await call('DELETE', `/api/v1/webhooks/${id}`)).toEqual({ status: 200, body: { message: 'Webhook deleted successfully', status: true } });
    expect(await call('DELETE', `/api/v1/webhooks/${id}`)).toEqual({ status: 400, body: { message: 'Webhook not found', status: false, authentication: {} } });
  });

  it('tests a filter configuration with the same engine', async () => {
    expect(await call('POST', '/api/v1/filters/test', followConfig)).toEqual({ status: 200, body: { status: true } });
    expect(await call('POST', '/api/v1/filters/test', { event_type: 'follow.created' })).toEqual({ status: 200, body: { status: true } });
    expect(await call('POST', '/api/v1/filters/test', { ...followConfig, filter: { followerProfileId: '1' } })).toEqual({ status: 400, body: { status: false } });
    expect(await call('POST', '/api/v1/filters/test', { event_type: 'follow.created', filter: { followerProfileId: '1' } })).toEqual({ status: 400, body: { status: false } });
  });

  it.each([
    ['no key', null],
    ['an unknown key', 'wrong-key'],
    ['a Bearer-prefixed key', `Bearer ${DEFAULT_API_KEY}`],
  ])('refuses %s with 401 and creates nothing', async (_name, key) => {
    const before = emulator.webhooks().length;
    const answer = await call('POST', '/api/v1/webhooks', { endpoint: 'http://x.test/', filter_config: { event_type: 'follow.created' } }, key);
    expect(answer).toEqual({ status: 401, body: { status: false, message: expect.stringContaining('API key') } });
    expect(emulator.webhooks()).toHaveLength(before);
  });

  it('answers malformed JSON and unknown routes without crashing', async () => {
    const response = await fetch(`${emulator.url}/api/v1/webhooks`, { method: 'POST', headers: { authorization: DEFAULT_API_KEY }, body: '{' });
    expect(response.status).toBe(400);
    expect((await call('GET', '/api/v1/webhooks')).status).toBe(404);
  });

  it('links the portal to the page, which answers a browser without a key', async () => {
    const created = await call('POST', '/api/v1/webhooks', { endpoint: 'http://127.0.0.1:9/webhook', filter_config: { event_type: 'follow.created' } });
    expect(created.body['portal_link']).toBe(`${emulator.url}/#webhook=${created.body['webhook_id'] as string}`);
    const page = await fetch(created.body['portal_link'] as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>social-webhooks emulator</title>');
  });

  it.each([
    [{ maxAnswerBytes: -1 }, /maxAnswerBytes/],
    [{ persistPath: '  ' }, /persistPath/],
  ])('refuses the option %j, saying what is expected', async (options, message) => {
    await expect(startEmulator(options)).rejects.toThrow(message);
  });

  it('refuses to publish an event whose data fails the schema', async () => {
    const answer = await call('POST', '/_emulator/events', { eventName: 'follow.created', data: { followerProfileId: true } });
    expect(answer.status).toBe(400);
  });
});

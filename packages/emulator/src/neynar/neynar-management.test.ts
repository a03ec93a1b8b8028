import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../emulator.js';
import { DEFAULT_API_KEY } from '../options.js';

// Neynar's management API as the SDK calls it (paths with a trailing slash, `x-api-key`), answered
// in Neynar's shapes: `{ message, success, webhook }`, `{ webhooks }`, `{ code, message, property?, status }`.
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ apiKeys: [DEFAULT_API_KEY, 'second-key'] });
});
afterAll(() => emulator.stop());

type Json = Record<string, unknown>;

async function call(method: string, path: string, body?: unknown, key: string | null = DEFAULT_API_KEY) {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (key !== null) headers['x-api-key'] = key;
  const response = await fetch(emulator.url + path, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as Json };
}

const subscription = { 'cast.created': { author_fids: [194], text: '(?i)\\bgm\\b' }, 'follow.created': { target_fids: [3] } };
const create = (body: Json = { name: 'gm watcher', url: 'http://127.0.0.1:9/neynar', subscription }, key?: string | null) =>
  call('POST', '/v2/farcaster/webhook/', body, key);
const webhookOf = (answer: { body: Json }) => answer.body['webhook'] as Json;

describe("Neynar's management API, as the SDK calls it", () => {
  it("creates a webhook in the SDK's Webhook shape, with one secret", async () => {
    const answer = await create();
    expect(answer).toMatchObject({ status: 200, body: { message: expect.any(String), success: true } });
    const webhook = webhookOf(answer);
    expect(Object.keys(webhook).sort()).toEqual(
      [
        'object',
        'webhook_id',
        'developer_uuid',
        'target_url',
        'title',
        'secrets',
        'description',
        'http_timeout',
        'rate_limit',
        'rate_limit_duration',
        'active',
        'created_at',
        'updated_at',
        'deleted_at',
        'subscription',
      ].sort(),
    );
    expect(webhook).toMatchObject({
      object: 'webhook',
      title: 'gm watcher',
      target_url: 'http://127.0.0.1:9/neynar',
      active: true,
      deleted_at: null,
    });
    expect(webhook['subscription']).toMatchObject({
      object: 'webhook_subscription',
      subscription_id: expect.any(String),
      filters: subscription,
    });
    const secrets = webhook['secrets'] as Json[];
    expect(secrets).toHaveLength(1);
    expect(Object.keys(secrets[0]!).sort()).toEqual(['created_at', 'deleted_at', 'expires_at', 'uid', 'updated_at', 'value']);
    expect(secrets[0]!['value']).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(webhook['created_at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('answers the paths without the trailing slash too, as the docs write them', async () => {
    const answer = await call('POST', '/v2/farcaster/webhook', { name: 'no slash', url: 'https://example.test/hook' });
    expect(answer.status).toBe(200);
    const id = webhookOf(answer)['webhook_id'] as string;
    expect((await call('GET', `/v2/farcaster/webhook?webhook_id=${id}`)).status).toBe(200);
    expect((await call('GET', '/v2/farcaster/webhook/list')).status).toBe(200);
  });

  it('looks up, lists, updates, deactivates and deletes', async () => {
    const id = webhookOf(await create())['webhook_id'] as string;
    const looked = await call('GET', `/v2/farcaster/webhook/?webhook_id=${id}`);
    expect(looked).toMatchObject({ status: 200, body: { success: true, webhook: { webhook_id: id } } });
    const listed = await call('GET', '/v2/farcaster/webhook/list/');
    expect((listed.body['webhooks'] as Json[]).map((webhook) => webhook['webhook_id'])).toContain(id);

    const updated = await call('PUT', '/v2/farcaster/webhook/', {
      name: 'renamed',
      url: 'http://127.0.0.1:9/other',
      webhook_id: id,
      subscription: { 'user.created': {} },
    });
    expect(webhookOf(updated)).toMatchObject({
      title: 'renamed',
      target_url: 'http://127.0.0.1:9/other',
      subscription: { filters: { 'user.created': {} } },
    });
    const kept = await call('PUT', '/v2/farcaster/webhook/', { name: 'again', url: 'http://127.0.0.1:9/other', webhook_id: id });
    expect(webhookOf(kept)['subscription']).toMatchObject({ filters: { 'user.created': {} } });

    const inactive = await call('PATCH', '/v2/farcaster/webhook/', { webhook_id: id, active: 'false' });
    expect(webhookOf(inactive)['active']).toBe(false);
    expect(webhookOf(await call('PATCH', '/v2/farcaster/webhook/', { webhook_id: id, active: 'true' }))['active']).toBe(true);

    const deleted = await call('DELETE', '/v2/farcaster/webhook/', { webhook_id: id });
    expect(webhookOf(deleted)).toMatchObject({ webhook_id: id, active: false, deleted_at: expect.any(String) });
    expect(await call('DELETE', '/v2/farcaster/webhook/', { webhook_id: id })).toMatchObject({
      status: 404,
      body: { code: 'NotFound', property: 'webhook_id', status: 404 },
    });
  });

  it.each([
    ['no key', null],
    ['an unknown key', 'wrong-key'],
  ])("refuses %s with 401 in Neynar's error shape, and creates nothing", async (_name, key) => {
    const before = emulator.neynar.webhooks().length;
    const answer = await create(undefined, key);
    expect(answer).toEqual({ status: 401, body: { code: 'Unauthorized', message: expect.stringContaining('x-api-key'), status: 401 } });
    expect(emulator.neynar.webhooks()).toHaveLength(before);
  });

  it("does not take the founding service's Authorization header for Neynar's API", async () => {
    const response = await fetch(`${emulator.url}/v2/farcaster/webhook/list/`, { headers: { authorization: DEFAULT_API_KEY } });
    expect(response.status).toBe(401);
  });

  const url = 'http://127.0.0.1:9/neynar';
  it.each([
    [
      'an unknown event type',
      { name: 'x', url, subscription: { 'cast.updated': {} } },
      'subscription."cast.updated"',
      /not one of Neynar's event types/,
    ],
    [
      'an unknown filter field',
      { name: 'x', url, subscription: { 'cast.created': { author_fid: [1] } } },
      'subscription."cast.created".author_fid',
      /has no filter "author_fid"/,
    ],
    [
      'an invalid regex',
      { name: 'x', url, subscription: { 'cast.created': { text: '(gm' } } },
      'subscription."cast.created".text',
      /refuses it/,
    ],
    [
      'FIDs as strings',
      { name: 'x', url, subscription: { 'follow.created': { fids: ['3'] } } },
      'subscription."follow.created".fids[0]',
      /without quotes/,
    ],
    ['a target that is not a URL', { name: 'x', url: 'not a url' }, 'url', /http or https URL/],
    ['a target that is not http', { name: 'x', url: 'ftp://example.test/' }, 'url', /http or https URL/],
    ['no name', { url }, 'name', /name/],
  ])('refuses %s with 400 InvalidField naming the property, and creates nothing', async (_name, body, property, message) => {
    const before = emulator.neynar.webhooks().length;
    const answer = await create(body);
    expect(answer).toMatchObject({ status: 400, body: { code: 'InvalidField', property, status: 400 } });
    expect(answer.body['message']).toMatch(message);
    expect(emulator.neynar.webhooks()).toHaveLength(before);
  });

  it('refuses a bad update, deactivation or lookup, and changes nothing', async () => {
    const id = webhookOf(await create())['webhook_id'] as string;
    const before = JSON.stringify(emulator.neynar.webhooks());
    const bad = await call('PUT', '/v2/farcaster/webhook/', {
      name: 'x',
      url,
      webhook_id: id,
      subscription: { 'cast.created': { text: '(?=a)' } },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'InvalidField' } });
    expect(await call('PATCH', '/v2/farcaster/webhook/', { webhook_id: id, active: false })).toMatchObject({
      status: 400,
      body: { property: 'active', message: 'active must be the string "true" or "false"' },
    });
    expect(await call('PUT', '/v2/farcaster/webhook/', { name: 'x', url, webhook_id: 'nope' })).toMatchObject({
      status: 404,
      body: { code: 'NotFound' },
    });
    expect(await call('GET', '/v2/farcaster/webhook/?webhook_id=nope')).toMatchObject({
      status: 404,
      body: { code: 'NotFound', property: 'webhook_id' },
    });
    expect(await call('GET', '/v2/farcaster/webhook/')).toMatchObject({ status: 400, body: { property: 'webhook_id' } });
    expect(JSON.stringify(emulator.neynar.webhooks())).toBe(before);
  });

  it('answers malformed JSON and unknown routes in the same shape', async () => {
    const response = await fetch(`${emulator.url}/v2/farcaster/webhook/`, {
      method: 'POST',
      headers: { 'x-api-key': DEFAULT_API_KEY },
      body: '{',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'InvalidJson', status: 400 });
    expect(await call('GET', '/v2/farcaster/cast/')).toMatchObject({ status: 404, body: { code: 'NotFound' } });
  });

  it('gives every webhook created with one key the same developer_uuid, another key another', async () => {
    const [a, b, c] = [await create(), await create(), await create(undefined, 'second-key')].map(
      (answer) => webhookOf(answer)['developer_uuid'],
    );
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

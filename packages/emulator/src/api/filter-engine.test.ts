import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleEvent } from '@social-webhooks/core/testing';
import { startEmulator, type Emulator } from '../emulator.js';
import { DEFAULT_API_KEY } from '../options.js';

// The emulator selects webhooks with the gateway engine's evaluation (`@social-webhooks/filter`),
// and reports, when a webhook is created, a filter that cannot work as written.
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ apiKeys: [DEFAULT_API_KEY] });
});
afterAll(() => emulator.stop());

async function call(method: string, path: string, body?: unknown) {
  const headers = { accept: 'application/json', 'content-type': 'application/json', authorization: DEFAULT_API_KEY };
  const response = await fetch(emulator.url + path, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const follow = sampleEvent('follow.created').data as Record<string, unknown>;

async function create(filter: Record<string, unknown>) {
  const answer = await call('POST', '/api/v1/webhooks', { endpoint: 'http://127.0.0.1:9/webhook', filter_config: { event_type: 'follow.created', filter, payload: follow } });
  return answer;
}

describe('emulator delivery filtering follows the engine', () => {
  it('selects a webhook whose filter reads a numeric string as a number', async () => {
    const id = String(follow['followerProfileId']);
    const created = await create({ followerProfileId: Number(id) });
    expect(created.status).toBe(200);
    expect(created.body['warnings']).toBeUndefined();
    const published = await call('POST', '/_emulator/events', { eventName: 'follow.created', data: follow });
    expect(published.body['matched']).toContain(created.body['webhook_id']);
  });

  it('refuses a filter whose sample payload cannot pass on the engine (a leading "$." step)', async () => {
    const created = await create({ '$.followerProfileId': String(follow['followerProfileId']) });
    expect(created.status).toBe(400);
    expect(String(created.body['message'])).toMatch(/does not satisfy/);
  });

  it('reports warnings when a webhook is created with a filter part that can never match', async () => {
    const id = String(follow['followerProfileId']);
    const created = await create({ $or: [{ followerProfileId: id }, { '$.followingProfileId': id }] });
    expect(created.status).toBe(200);
    expect(created.body['warnings']).toEqual([expect.stringMatching(/^filter\.\$or\[1\]\.\$\.followingProfileId: a leading "\$\." step .* never matches \(write "followingProfileId"\)$/)]);
  });
});

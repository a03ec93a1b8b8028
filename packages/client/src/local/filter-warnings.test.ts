import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startManagementServer, type ManagementServer } from '../../test/management-server.js';
import { createClient, type Client } from '../create-client.js';

// The client's local checks evaluate as the gateway's engine does and surface the warnings of a
// filter that the gateway accepts but that cannot work as written, before and beside the request.
let server: ManagementServer;
let client: Client;
beforeAll(async () => {
  server = await startManagementServer();
  client = createClient({ apiKey: server.apiKey, baseUrl: server.url });
});
afterAll(() => server.close());

const payload = { followerProfileId: '3761', followingProfileId: '326089' };
const warned = { $or: [{ followerProfileId: '3761' }, { '$.followingProfileId': '326089' }] };

describe('the client surfaces filter warnings', () => {
  it('testFilter answers the warnings beside the service\'s verdict', async () => {
    const result = await client.testFilter({ event_type: 'follow.created', filter: warned, payload });
    expect(result.ok).toBe(true);
    expect(result.warnings?.map((item) => [item.code, item.path])).toEqual([['never_matches', ['filter', '$or', 1, '$.followingProfileId']]]);
  });

  it('createWebhook answers them as filterWarnings, paths from filterConfig', async () => {
    const created = await client.createWebhook({ endpoint: 'https://example.test/hook', filterConfig: { event_type: 'follow.created', filter: warned, payload } });
    expect(created.filterWarnings?.map((item) => item.path)).toEqual([['filterConfig', 'filter', '$or', 1, '$.followingProfileId']]);
    expect(created.filterWarnings?.[0]?.message).toMatch(/^filterConfig\.filter\.\$or\[1\]\.\$\.followingProfileId: a leading "\$\." step/);
  });

  it('the local check follows the engine: a numeric-string filter passes, a documented $.object form fails before any request', async () => {
    const before = server.requests.length;
    const local = await client.testFilter({ event_type: 'follow.created', filter: { followerProfileId: 3761 }, payload });
    expect(local).toMatchObject({ ok: true, checkedBy: 'service' });
    const refused = await client.testFilter({ event_type: 'follow.created', filter: { '$.followerProfileId': '3761' }, payload });
    expect(refused).toMatchObject({ ok: false, checkedBy: 'local' });
    expect(server.requests.length).toBe(before + 1);
  });
});

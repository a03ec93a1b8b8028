import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startManagementServer, type ManagementServer } from '../../../client/test/management-server.js';
import { runBin } from '../../test/run-bin.js';

let server: ManagementServer;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startManagementServer();
  env = { WEBHOOKS_API_KEY: server.apiKey, WEBHOOKS_BASE_URL: server.url };
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('social-webhooks delete', () => {
  it('deletes the webhook with the documented request', async () => {
    server.enqueue({ body: fixture('delete-ok') });
    const result = await runBin(['delete', '01HYDYEBHMANSVJ0JKSVK9W3VY'], { env });
    expect(result).toMatchObject({ code: 0, stdout: 'Deleted webhook 01HYDYEBHMANSVJ0JKSVK9W3VY: Webhook deleted successfully\n' });
    expect(server.requests[0]).toMatchObject({ method: 'DELETE', path: '/api/v1/webhooks/01HYDYEBHMANSVJ0JKSVK9W3VY' });
    expect(server.requests[0]!.headers.authorization).toBe(server.apiKey);
  });

  it('takes the key and base URL from flags over the environment', async () => {
    server.enqueue({ body: fixture('delete-ok') });
    const result = await runBin(['delete', 'x', '--api-key', server.apiKey, '--base-url', server.url, '--json'], {
      env: { WEBHOOKS_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ deleted: true, webhookId: 'x', message: 'Webhook deleted successfully' });
  });

  it("exits 3 with the service's message for an unknown id", async () => {
    const result = await runBin(['delete', 'unknown-id', '--json'], { env });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { code: 'bad_request', status: 400, serviceMessage: 'Webhook not found' } });
  });

  it('exits 2 without an id, or with two', async () => {
    expect((await runBin(['delete'], { env })).code).toBe(2);
    expect((await runBin(['delete', 'a', 'b'], { env })).stderr).toMatch(/unexpected argument "b"/);
    expect(server.requests).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { fixture } from '../../../client/test/management-server.js';
import { useManagementServer } from '../../test/management-env.js';
import { runBin } from '../../test/run-bin.js';

const api = useManagementServer();

describe('social-webhooks delete', () => {
  it('deletes the webhook with the documented request', async () => {
    api.server.enqueue({ body: fixture('delete-ok') });
    const result = await runBin(['delete', '01HYDYEBHMANSVJ0JKSVK9W3VY'], { env: api.env });
    expect(result).toMatchObject({ code: 0, stdout: 'Deleted webhook 01HYDYEBHMANSVJ0JKSVK9W3VY: Webhook deleted successfully\n' });
    expect(api.server.requests[0]).toMatchObject({ method: 'DELETE', path: '/api/v1/webhooks/01HYDYEBHMANSVJ0JKSVK9W3VY' });
    expect(api.server.requests[0]!.headers.authorization).toBe(api.server.apiKey);
  });

  it('takes the key and base URL from flags over the environment', async () => {
    api.server.enqueue({ body: fixture('delete-ok') });
    const result = await runBin(['delete', 'x', '--api-key', api.server.apiKey, '--base-url', api.server.url, '--json'], {
      env: { WEBHOOKS_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ deleted: true, webhookId: 'x', message: 'Webhook deleted successfully' });
  });

  it("exits 3 with the service's message for an unknown id", async () => {
    const result = await runBin(['delete', 'unknown-id', '--json'], { env: api.env });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { code: 'bad_request', status: 400, serviceMessage: 'Webhook not found' } });
  });

  it('exits 2 without an id, or with two', async () => {
    expect((await runBin(['delete'], { env: api.env })).code).toBe(2);
    expect((await runBin(['delete', 'a', 'b'], { env: api.env })).stderr).toMatch(/unexpected argument "b"/);
    expect(api.server.requests).toHaveLength(0);
  });
});

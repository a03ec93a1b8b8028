import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/management-server.js';
import { useManagementClient } from '../../test/use-management-client.js';
import { ApiError } from '../errors.js';

const env = useManagementClient();

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ApiError,
  );

describe('deleteWebhook', () => {
  it('deletes a created webhook with exactly the documented request', async () => {
    const { webhookId } = await env.client.createWebhook({
      endpoint: 'https://example.com/hook',
      filterConfig: { event_type: 'follow.deleted' },
    });
    await expect(env.client.deleteWebhook(webhookId)).resolves.toEqual({ webhookId, message: 'Webhook deleted successfully' });
    const request = env.server.requests[1]!;
    expect(request).toMatchObject({ method: 'DELETE', path: `/api/v1/webhooks/${webhookId}`, body: '' });
    expect(request.headers.authorization).toBe(env.server.apiKey);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBeUndefined();
  });

  it("answers bad_request with the service's message for an unknown id", async () => {
    const error = await rejection(env.client.deleteWebhook('01UNKNOWN'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'bad_request',
      status: 400,
      serviceMessage: 'Webhook not found',
      request: 'DELETE /api/v1/webhooks/01UNKNOWN',
    });
  });

  it('turns status:false on a 200 into rejected', async () => {
    env.server.enqueue({ status: 200, body: fixture('delete-fail') });
    expect(await rejection(env.client.deleteWebhook('x'))).toMatchObject({ code: 'rejected', serviceMessage: 'Webhook not found' });
  });

  it('encodes the id as one path segment', async () => {
    env.server.enqueue({ body: fixture('delete-ok') });
    await env.client.deleteWebhook('../filters/test?x=1');
    expect(env.server.requests[0]!.path).toBe('/api/v1/webhooks/..%2Ffilters%2Ftest%3Fx%3D1');
  });

  it.each(['', '  ', 'x'.repeat(300)])('refuses the id %j locally', async (id) => {
    expect(await rejection(env.client.deleteWebhook(id))).toMatchObject({ code: 'invalid_config' });
    expect(env.server.requests).toHaveLength(0);
  });
});

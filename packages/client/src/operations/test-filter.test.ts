import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/management-server.js';
import { useManagementClient } from '../../test/use-management-client.js';
import { ApiError } from '../errors.js';
import type { WebhookFilterConfig } from '../types.js';

const env = useManagementClient();

const config: WebhookFilterConfig = {
  event_type: 'follow.created',
  filter: { followerProfileId: { $in: ['3761', '602'] } },
  payload: { followerProfileId: '3761', followingProfileId: '326089' },
};

describe('testFilter', () => {
  it('sends the config at the top level of the body, with the documented headers', async () => {
    await expect(env.client.testFilter(config)).resolves.toEqual({ ok: true, checkedBy: 'service' });
    const request = env.server.requests[0]!;
    expect(request).toMatchObject({ method: 'POST', path: '/api/v1/filters/test' });
    expect(request.headers).toMatchObject({
      authorization: env.server.apiKey,
      accept: 'application/json',
      'content-type': 'application/json',
    });
    expect(JSON.parse(request.body)).toEqual(config);
  });

  it.each(['filter-test-ok', 'filter-test-ok-success-key'])('accepts the pass %s', async (name) => {
    env.server.enqueue({ body: fixture(name) });
    await expect(env.client.testFilter(config)).resolves.toEqual({ ok: true, checkedBy: 'service' });
  });

  it("answers the service's failure (400 { status: false }) as a verdict, not an error", async () => {
    env.server.enqueue({ status: 400, body: fixture('filter-test-fail') });
    await expect(env.client.testFilter(config)).resolves.toMatchObject({
      ok: false,
      checkedBy: 'service',
      reasons: ['the service says the payload does not satisfy the filter'],
    });
  });

  it('answers { success: false } on a 200 as a failure too', async () => {
    env.server.enqueue({ status: 200, body: { success: false, message: 'no match' } });
    await expect(env.client.testFilter(config)).resolves.toMatchObject({
      ok: false,
      checkedBy: 'service',
      reasons: [expect.stringContaining('no match')],
    });
  });

  it('answers a local failure without a request', async () => {
    const result = await env.client.testFilter({ ...config, filter: { followerProfileId: '1' } });
    expect(result).toMatchObject({
      ok: false,
      checkedBy: 'local',
      reasons: [expect.stringMatching(/^filter\.followerProfileId: the payload does not satisfy/)],
    });
    expect(env.server.requests).toHaveLength(0);
  });

  it('throws for an answer that is not a verdict', async () => {
    env.server.enqueue({ status: 500, body: { message: 'boom' } });
    const error = await env.client.testFilter(config).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'server_error', status: 500, serviceMessage: 'boom' });
  });
});

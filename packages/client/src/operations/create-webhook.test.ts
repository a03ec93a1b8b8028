import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startManagementServer, type ManagementServer } from '../../test/management-server.js';
import { createClient, type Client } from '../create-client.js';
import { ApiError } from '../errors.js';
import type { CreateWebhookInput } from '../types.js';

let server: ManagementServer;
let client: Client;
beforeAll(async () => {
  server = await startManagementServer();
  client = createClient({ apiKey: server.apiKey, baseUrl: server.url });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const follow = { followerProfileId: '3761', followingProfileId: '326089' };
const input: CreateWebhookInput = {
  endpoint: 'https://example.com/webhook',
  filterConfig: { event_type: 'follow.created', filter: { followerProfileId: '3761' }, payload: follow },
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('createWebhook', () => {
  it('sends exactly the documented request', async () => {
    await client.createWebhook(input);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/api/v1/webhooks' });
    expect(request!.headers.authorization).toBe(server.apiKey);
    expect(request!.headers.accept).toBe('application/json');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      endpoint: 'https://example.com/webhook',
      filter_config: { event_type: 'follow.created', filter: { followerProfileId: '3761' }, payload: follow },
    });
  });

  it('answers the id and the delivery header (flat authentication)', async () => {
    server.enqueue({ body: fixture('create-ok') });
    await expect(client.createWebhook(input)).resolves.toEqual({
      webhookId: '01HYDYEBHMANSVJ0JKSVK9W3VY',
      headerName: 'x-airstack-webhook',
      headerValue: 'G85wBFVT1EH7OWrs',
      portalLink: 'https://portal.example/portal?token=am4AdjH0bz67JDDTRwNesZMO',
      message: 'Successfully created subscription',
    });
  });

  it('accepts the header nested as authentication.api_key', async () => {
    server.enqueue({ body: fixture('create-ok-nested-auth') });
    await expect(client.createWebhook(input)).resolves.toMatchObject({ headerName: 'x-airstack-webhook', headerValue: '0L9wprY8VIlR7jZT' });
  });

  it('sends a config without filter as event_type alone (null counts as absent)', async () => {
    await client.createWebhook({ endpoint: 'http://localhost:3000/webhook', filterConfig: { event_type: 'profile.updated', filter: null, payload: null } });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ endpoint: 'http://localhost:3000/webhook', filter_config: { event_type: 'profile.updated' } });
  });

  it('turns a 400 into an ApiError with the service\'s message', async () => {
    server.enqueue({ status: 400, body: fixture('create-fail') });
    const error = await failure(client.createWebhook(input));
    expect(error).toMatchObject({ code: 'bad_request', status: 400, serviceMessage: 'Invalid filter configuration', request: 'POST /api/v1/webhooks' });
    expect(error.message).toContain('Invalid filter configuration');
  });

  it('turns status:false on a 200 into a rejected ApiError', async () => {
    server.enqueue({ status: 200, body: fixture('create-fail') });
    expect(await failure(client.createWebhook(input))).toMatchObject({ code: 'rejected', status: 200, serviceMessage: 'Invalid filter configuration' });
  });

  it('refuses a 200 without a header value as invalid_response', async () => {
    server.enqueue({ status: 200, body: { webhook_id: 'x', authentication: {}, status: true } });
    expect(await failure(client.createWebhook(input))).toMatchObject({ code: 'invalid_response', status: 200 });
  });

  it('answers unauthorized, with how to fix it, for a wrong key', async () => {
    const other = createClient({ apiKey: 'wrong-key', baseUrl: server.url });
    const error = await failure(other.createWebhook(input));
    expect(error).toMatchObject({ code: 'unauthorized', status: 401, serviceMessage: 'Invalid API key' });
    expect(error.message).toMatch(/Check the API key/);
    expect(error.message).not.toContain('wrong-key');
  });

  it.each<[string, unknown, RegExp]>([
    ['an invalid endpoint URL', { ...input, endpoint: 'example.com/webhook' }, /^endpoint: not an absolute URL/],
    ['a non-http endpoint', { ...input, endpoint: 'ftp://example.com/x' }, /^endpoint: expects an absolute http\(s\) URL such as "https:\/\/example\.com\/webhook", got "ftp:\/\/example\.com\/x"$/],
    // It parses with the scheme "localhost:": the whole value is quoted, and what was meant suggested.
    ['an endpoint without its scheme', { ...input, endpoint: 'localhost:3000/webhook' }, /^endpoint: expects an absolute http\(s\) URL .*got "localhost:3000\/webhook" \(did you mean "http:\/\/localhost:3000\/webhook"\?\)$/],
    // The service's docs spell the body field filter_config; the client names the field it takes.
    ['the snake_case filter_config', { endpoint: input.endpoint, filter_config: input.filterConfig }, /^filterConfig: missing; you passed `filter_config`.*Pass it as `filterConfig`/],
    ['credentials in the endpoint', { ...input, endpoint: 'https://u:p@example.com/x' }, /^endpoint: must not hold a user name/],
    ['an unknown event type', { ...input, filterConfig: { event_type: 'cast.created' } }, /^filterConfig\.event_type: expects one of/],
    ['a filter without payload', { ...input, filterConfig: { event_type: 'follow.created', filter: { followerProfileId: '1' } } }, /^filterConfig\.payload: a filter needs a sample payload/],
    ['a payload without filter', { ...input, filterConfig: { event_type: 'follow.created', payload: follow } }, /^filterConfig\.payload: a payload is only sent with a filter/],
    ['an unknown operator', { ...input, filterConfig: { ...input.filterConfig, filter: { followerProfileId: { $ne: '1' } } } }, /^filterConfig\.filter\.followerProfileId\.\$ne: .*use "\$neq"/],
    ['a payload that does not satisfy the filter', { ...input, filterConfig: { ...input.filterConfig, filter: { followerProfileId: '1' } } }, /^filterConfig\.filter\.followerProfileId: the payload does not satisfy/],
    ['a field of another event', { ...input, filterConfig: { ...input.filterConfig, filter: { userId: '1' } } }, /^filterConfig\.filter\.userId: the payload has no field "userId"/],
    ['no filterConfig', { endpoint: 'https://example.com' }, /^filterConfig: /],
  ])('refuses %s locally, with reasons and no request', async (_name, bad, reason) => {
    const error = await failure(client.createWebhook(bad as CreateWebhookInput));
    expect(error.code).toBe('invalid_config');
    expect(error.status).toBeUndefined();
    expect(error.reasons.some((item) => reason.test(item))).toBe(true);
    expect(error.message).toMatch(/^@social-webhooks\/client: createWebhook was not sent; fix these and try again:\n {2}- /);
    expect(server.requests).toHaveLength(0);
  });

  it('lets a filter name an unlisted field with allowUnknownFields', async () => {
    const lenient = createClient({ apiKey: server.apiKey, baseUrl: server.url, allowUnknownFields: true });
    const payload = { ...follow, newField: 'x' };
    await expect(lenient.createWebhook({ ...input, filterConfig: { event_type: 'follow.created', filter: { newField: 'x' }, payload } })).resolves.toMatchObject({
      headerName: 'x-airstack-webhook',
    });
  });

  it('keeps a path prefix of the base URL', async () => {
    const prefixed = createClient({ apiKey: server.apiKey, baseUrl: `${server.url}/proxy/` });
    await failure(prefixed.createWebhook(input));
    expect(server.requests[0]!.path).toBe('/proxy/api/v1/webhooks');
  });
});

import { DEFAULT_HEADER } from '@social-webhooks/core';
import { ApiError } from '../errors.js';
import { createResponseSchema, statusFlag } from '../http/response-schemas.js';
import { httpError, sendRequest, serviceMessageOf } from '../http/send-request.js';
import { checkCreateInput } from '../local/check-create-input.js';
import type { ResolvedClientOptions } from '../options.js';
import type { CallOptions, CreateWebhookInput, CreatedWebhook } from '../types.js';
import { configBody, invalidConfig } from './config-body.js';

const PATH = '/api/v1/webhooks';

/** `POST /api/v1/webhooks`, after checking the input locally. See `Client.createWebhook`. */
export async function createWebhook(options: ResolvedClientOptions, input: CreateWebhookInput, call: CallOptions = {}): Promise<CreatedWebhook> {
  const { problems, warnings } = checkCreateInput(input, options.allowUnknownFields);
  if (problems.length > 0) throw invalidConfig('createWebhook', problems);
  const body = { endpoint: input.endpoint, filter_config: configBody(input.filterConfig) };
  const response = await sendRequest(options, { method: 'POST', path: PATH, body, signal: call.signal });
  if (response.status < 200 || response.status > 299) throw httpError(response);
  if (statusFlag(response.body) === false) throw rejected(response.request, response.status, response.body);
  const parsed = createResponseSchema.safeParse(response.body);
  if (!parsed.success) {
    throw new ApiError('invalid_response', `@social-webhooks/client: the service answered ${response.status} to ${response.request} without a webhook id and header value; the webhook may exist anyway, check the service's portal.`, {
      status: response.status,
      body: response.body ?? response.text,
      request: response.request,
      cause: parsed.error,
    });
  }
  const data = parsed.data;
  const auth = 'api_key' in data.authentication ? data.authentication.api_key : data.authentication;
  return {
    webhookId: data.webhook_id,
    headerName: auth.header_name ?? DEFAULT_HEADER,
    headerValue: auth.header_value,
    portalLink: data.portal_link,
    message: data.message,
    ...(warnings.length === 0 ? {} : { filterWarnings: warnings }),
  };
}

/** A 2xx answer whose `status` (or `success`) is `false`. */
export function rejected(request: string, status: number, body: unknown): ApiError {
  const serviceMessage = serviceMessageOf(body);
  return new ApiError('rejected', `@social-webhooks/client: the service refused ${request}${serviceMessage === undefined ? '' : `: ${serviceMessage}`}.`, {
    status,
    serviceMessage,
    body,
    request,
  });
}

import { createWebhook } from './operations/create-webhook.js';
import { deleteWebhook } from './operations/delete-webhook.js';
import { testFilter, type ServiceFilterTestResult } from './operations/test-filter.js';
import { resolveClientOptions, type ClientOptions } from './options.js';
import type { CallOptions, CreateWebhookInput, CreatedWebhook, DeletedWebhook, WebhookFilterConfig } from './types.js';

/** A client of the service's management API; see {@link createClient}. */
export interface Client {
  /**
   * Creates a webhook (`POST /api/v1/webhooks`). The input is checked locally first: the endpoint
   * URL, the filter (syntax, fields of the event's payload), the sample payload (required if and
   * only if there is a filter, and it must satisfy it).
   * @returns The webhook's id and its delivery header; store `headerValue` as your receiver's secret.
   * @throws {ApiError} `invalid_config` (nothing sent), or what the service answered; see the README.
   */
  createWebhook(input: CreateWebhookInput, options?: CallOptions): Promise<CreatedWebhook>;
  /**
   * Deletes a webhook (`DELETE /api/v1/webhooks/{webhook_id}`).
   * @throws {ApiError} e.g. `bad_request` with the service's message for an unknown id.
   */
  deleteWebhook(webhookId: string, options?: CallOptions): Promise<DeletedWebhook>;
  /**
   * Tests a filter config (`POST /api/v1/filters/test`) after testing it locally; a local failure
   * answers `{ ok: false, checkedBy: 'local', reasons }` without a request.
   * @throws {ApiError} when the service answers other than a verdict (bad key, 5xx, timeout...).
   */
  testFilter(config: WebhookFilterConfig, options?: CallOptions): Promise<ServiceFilterTestResult>;
}

/**
 * Creates a client of the service's management API (docs/contract.md §Management API). Runtime-neutral: it only needs
 * `fetch`. Options are checked once, here.
 *
 * @param options `apiKey` (required); `baseUrl` (default `https://webhooks.airstack.xyz`);
 *   `timeoutMs` (default 10000); `fetch` (default the global one); `allowUnknownFields` (default
 *   `false`).
 * @throws {ApiError} `invalid_options` when an option is missing or malformed.
 * @example
 * const client = createClient({ apiKey: process.env.WEBHOOKS_API_KEY! });
 * const { webhookId, headerValue } = await client.createWebhook({
 *   endpoint: 'https://example.com/webhook',
 *   filterConfig: { event_type: 'follow.created', filter: { followingProfileId: '3761' }, payload: sample },
 * });
 */
export function createClient(options: ClientOptions): Client {
  const resolved = resolveClientOptions(options);
  return {
    createWebhook: (input, call) => createWebhook(resolved, input, call),
    deleteWebhook: (webhookId, call) => deleteWebhook(resolved, webhookId, call),
    testFilter: (config, call) => testFilter(resolved, config, call),
  };
}

import { compileFilter, testFilterConfig } from '@social-webhooks/filter';
import type { Dispatcher } from '../delivery/dispatcher.js';
import type { NeynarEntry } from '../neynar/neynar-webhook.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { newHeaderValue, newWebhookId } from '../state/secrets.js';
import type { FilterConfig, WebhookStore } from '../state/webhooks.js';
import { createWebhookSchema, filterConfigSchema, firstIssue } from './requests.js';

/** A status and a JSON body. */
export interface RouteAnswer {
  readonly status: number;
  readonly body: unknown;
}

export interface ManagementContext {
  readonly options: ResolvedEmulatorOptions;
  readonly webhooks: WebhookStore;
  /** Neynar's webhooks, served beside the founding service's under `/v2/farcaster/webhook`. */
  readonly neynar: WebhookStore<NeynarEntry>;
  readonly dispatcher: Dispatcher;
  /** The emulator's own base URL, for the portal link. */
  readonly baseUrl: () => string;
}

// The 400 shapes of the real service (docs/contract.md §Management API, test/fixtures/management/*fail*.json).
const createFailed = (message: string): RouteAnswer => ({ status: 400, body: { authentication: {}, status: false, message } });

// The filter is tested and evaluated as the gateway's engine does (`@social-webhooks/filter`);
// `warnings` are what the gateway accepts but that can never work as written.
function filterProblem(config: FilterConfig): { problem: string | undefined; warnings: string[] } {
  const result = testFilterConfig(config);
  const warnings = (result.warnings ?? []).map((item) => item.message);
  return { problem: result.ok ? undefined : `Invalid filter configuration: ${result.reasons.join('; ')}`, warnings };
}

/** `POST /api/v1/webhooks`. */
export function createWebhook(context: ManagementContext, body: unknown): RouteAnswer {
  const parsed = createWebhookSchema.safeParse(body);
  if (!parsed.success) return createFailed(firstIssue(parsed.error));
  const { endpoint, filter_config: filterConfig } = parsed.data;
  const { problem, warnings } = filterProblem(filterConfig);
  if (problem !== undefined) return createFailed(problem);
  const id = newWebhookId();
  const headerValue = newHeaderValue();
  const { headerName } = context.options;
  const matches = filterConfig.filter === undefined ? () => true : compileFilter(filterConfig.filter);
  context.webhooks.add({ id, endpoint, filterConfig, headerName, headerValue, createdAt: new Date().toISOString(), matches });
  return {
    status: 200,
    body: {
      webhook_id: id,
      portal_link: `${context.baseUrl()}/#webhook=${id}`,
      authentication: { header_name: headerName, header_value: headerValue },
      status: true,
      message: 'Successfully created webhook',
      // Not in the real service's answer: the emulator's own report of a filter that cannot work.
      ...(warnings.length === 0 ? {} : { warnings }),
    },
  };
}

/** `DELETE /api/v1/webhooks/{webhook_id}`: also cancels the webhook's pending retries. */
export function deleteWebhook(context: ManagementContext, webhookId: string): RouteAnswer {
  if (!context.webhooks.remove(webhookId)) {
    return { status: 400, body: { message: 'Webhook not found', status: false, authentication: {} } };
  }
  context.dispatcher.cancelWebhook(webhookId);
  return { status: 200, body: { message: 'Webhook deleted successfully', status: true } };
}

/** `POST /api/v1/filters/test`: the same engine the client validates with. */
export function testFilter(body: unknown): RouteAnswer {
  const parsed = filterConfigSchema.safeParse(body);
  const ok = parsed.success && filterProblem(parsed.data).problem === undefined;
  return ok ? { status: 200, body: { status: true } } : { status: 400, body: { status: false } };
}

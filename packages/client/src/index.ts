export { createClient, type Client } from './create-client.js';
export { DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS, type ClientOptions, type FetchLike } from './options.js';
export { ApiError, isApiError, type ApiErrorCode, type ApiErrorDetails } from './errors.js';
export type { ServiceFilterTestResult } from './operations/test-filter.js';
export type { CallOptions, CreateWebhookInput, CreatedWebhook, DeletedWebhook, PayloadInputs, WebhookFilterConfig } from './types.js';
export { EVENT_NAMES, type EventName } from '@social-webhooks/core';
export { checkFilter, testFilterConfig, validateFilter, type ConfigProblem, type ConfigWarning, type Filter, type FilterTestResult } from '@social-webhooks/filter';

import type { ConfigProblem } from '@social-webhooks/filter';
import { ApiError } from '../errors.js';
import type { WebhookFilterConfig } from '../types.js';

/** The `filter_config` as sent: `filter` and `payload` only when present (`null` means absent). */
export function configBody(config: WebhookFilterConfig): Record<string, unknown> {
  const body: Record<string, unknown> = { event_type: config.event_type };
  if (config.filter !== undefined && config.filter !== null) body.filter = config.filter;
  if (config.payload !== undefined && config.payload !== null) body.payload = config.payload;
  return body;
}

/** The `invalid_config` error: every local problem, no request sent. */
export function invalidConfig(method: string, problems: readonly ConfigProblem[]): ApiError {
  const reasons = problems.map((item) => item.message);
  return new ApiError(
    'invalid_config',
    `@social-webhooks/client: ${method} was not sent; fix these and try again:\n${reasons.map((reason) => `  - ${reason}`).join('\n')}`,
    {
      reasons,
      problems,
    },
  );
}

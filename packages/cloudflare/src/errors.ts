import { WebhookError } from '@social-webhooks/core';

/** An options error of this package, its message starting with the package name. */
export function optionsError(message: string): WebhookError {
  return new WebhookError('invalid_options', `@social-webhooks/cloudflare: ${message}`);
}

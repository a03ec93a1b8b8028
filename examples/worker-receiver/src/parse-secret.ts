import type { SecretOption } from '@social-webhooks/core';

/**
 * Reads the `WEBHOOK_SECRET` value: a header value, or a JSON map from event name to header
 * value(s), e.g. `{"follow.created":"abc"}`, which also lets the receiver type flat deliveries.
 * `undefined` when it is not set: the receiver then answers 500 and logs how to set it.
 */
export function parseSecret(raw: string | undefined): SecretOption | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw.trimStart().startsWith('{') ? (JSON.parse(raw) as SecretOption) : raw.trim();
}

import type { SecretOption } from '@social-webhooks/core';

/**
 * Reads `WEBHOOK_SECRET`: a header value, or a JSON map from event name to header value(s), e.g.
 * `{"follow.created":"abc"}`, which also lets the receiver type flat deliveries.
 */
export function secretFromEnv(env: NodeJS.ProcessEnv = process.env): SecretOption {
  const raw = env['WEBHOOK_SECRET'];
  if (raw === undefined || raw.trim() === '') {
    throw new Error('Set WEBHOOK_SECRET to the header_value the service returned when you created the webhook.');
  }
  return raw.trimStart().startsWith('{') ? (JSON.parse(raw) as SecretOption) : raw.trim();
}

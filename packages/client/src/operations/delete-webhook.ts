import { httpError, sendRequest, serviceMessageOf } from '../http/send-request.js';
import { statusFlag } from '../http/response-schemas.js';
import type { ResolvedClientOptions } from '../options.js';
import type { CallOptions, DeletedWebhook } from '../types.js';
import { invalidConfig } from './config-body.js';
import { rejected } from './create-webhook.js';

/** `DELETE /api/v1/webhooks/{webhook_id}`. See `Client.deleteWebhook`. */
export async function deleteWebhook(options: ResolvedClientOptions, webhookId: string, call: CallOptions = {}): Promise<DeletedWebhook> {
  if (typeof webhookId !== 'string' || webhookId.trim() === '' || webhookId.length > 256) {
    throw invalidConfig('deleteWebhook', [
      {
        code: 'invalid_config',
        path: ['webhookId'],
        message: `webhookId: expects the id createWebhook returned, got ${JSON.stringify(webhookId)}`,
      },
    ]);
  }
  // The id is one path segment: encoded, so `../` or `?` in it cannot reach another endpoint.
  const path = `/api/v1/webhooks/${encodeURIComponent(webhookId)}`;
  const response = await sendRequest(options, { method: 'DELETE', path, signal: call.signal });
  if (response.status < 200 || response.status > 299) throw httpError(response);
  if (statusFlag(response.body) === false) throw rejected(response.request, response.status, response.body);
  return { webhookId, message: serviceMessageOf(response.body) };
}

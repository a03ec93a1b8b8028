import type { RouteAnswer } from '../api/management-routes.js';

/**
 * Neynar's error shape (the SDK's `ErrorRes`: `{ code?, message, property?, status? }`). The codes
 * are the emulator's: the SDK types `code` as a free string and the docs list no values.
 */
export type NeynarErrorCode = 'Unauthorized' | 'InvalidField' | 'InvalidJson' | 'NotFound';

const STATUS: Readonly<Record<NeynarErrorCode, number>> = { Unauthorized: 401, InvalidField: 400, InvalidJson: 400, NotFound: 404 };

/** An error answer in Neynar's shape; `property` names the field at fault, when there is one. */
export function neynarError(code: NeynarErrorCode, message: string, property?: string): RouteAnswer {
  const status = STATUS[code];
  return { status, body: { code, message, ...(property !== undefined && { property }), status } };
}

/** A `WebhookResponse`: `{ message, success, webhook }`. */
export function webhookAnswer(message: string, webhook: unknown): RouteAnswer {
  return { status: 200, body: { message, success: true, webhook } };
}

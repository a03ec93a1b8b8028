export { EVENT_NAMES, isEventName, type EventName } from './events/event-names.js';
export {
  eventPayloadSchemas,
  followPayloadSchema,
  profilePayloadSchema,
  webhookEventSchema,
} from './events/schemas.js';
export type { EventPayloads, FollowPayload, ProfilePayload, UnknownWebhookEvent, WebhookEvent } from './events/types.js';
export { ERROR_STATUS, WebhookError, isWebhookError, type WebhookErrorCode, type WebhookErrorStatus } from './errors.js';
export type { EventHandler, EventHandlers, SecretOption, WebhookOptions } from './options/options.js';
export { DEFAULT_HEADER, DEFAULT_MAX_BODY_BYTES } from './options/resolve-options.js';
export type { BodyContent, Delivery } from './receive/delivery.js';
export type { ReceiveResult, SuccessCode } from './receive/outcome.js';
export { createWebhookReceiver, type WebhookReceiver } from './receive/create-receiver.js';
export { readStream, readWebBody } from './web/read-web-body.js';
export { toResponse, webhookHandler, type WebWebhookOptions } from './web/webhook-handler.js';

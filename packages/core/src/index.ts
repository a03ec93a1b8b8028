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
export { readStream, readWebBody } from './streams/read-web-body.js';
export { readNodeStream, type NodeReadableLike } from './streams/read-node-stream.js';
export { untouchedNodeIncoming, type NodeIncoming } from './web/node-server-incoming.js';
export { toResponse, webhookHandler, type WebHandler, type WebWebhookOptions } from './web/webhook-handler.js';
export type { ClaimState, DedupeStore } from './dedupe/dedupe-store.js';
export {
  DEFAULT_DEDUPE_LEASE_MS,
  DEFAULT_DEDUPE_TIMEOUT_MS,
  DEFAULT_DEDUPE_TTL_MS,
  type DedupeOptions,
  type StoreErrorPolicy,
} from './dedupe/dedupe-options.js';
export { DEFAULT_MEMORY_STORE_ENTRIES, memoryStore, type MemoryStoreOptions } from './dedupe/memory-store.js';
export type { LogFields, LogMethod, Logger } from './observe/logger.js';
export type { DeliveryReport, ResultHook } from './observe/delivery-report.js';

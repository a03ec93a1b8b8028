export {
  webhookHandler,
  type NodeContext,
  type NodeNext,
  type NodeWebhookListener,
  type NodeWebhookOptions,
} from './webhook-handler.js';
export { answerNodeRequest, writeResult } from './answer-node-request.js';
export { readNodeBody, type MaybeParsedRequest } from './read-node-body.js';
export {
  EVENT_NAMES,
  WebhookError,
  memoryStore,
  type DedupeOptions,
  type DedupeStore,
  type DeliveryReport,
  type Logger,
  type EventName,
  type FollowPayload,
  type ProfilePayload,
  type WebhookErrorCode,
  type WebhookEvent,
} from '@social-webhooks/core';

export { webhookPlugin, type FastifyContext, type FastifyWebhookOptions } from './webhook-plugin.js';
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

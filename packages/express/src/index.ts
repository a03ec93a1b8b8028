export { webhookHandler, type ExpressContext, type ExpressWebhookOptions } from './webhook-handler.js';
export {
  EVENT_NAMES,
  WebhookError,
  type EventName,
  type FollowPayload,
  type ProfilePayload,
  type WebhookErrorCode,
  type WebhookEvent,
} from '@social-webhooks/core';

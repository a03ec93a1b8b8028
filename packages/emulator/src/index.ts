export { startEmulator, type CreatedWebhook, type Emulator, type PublishResult } from './emulator.js';
export { DEFAULT_API_KEY, type EmulatorOptions, type RetryOptions } from './options.js';
export { EmulatorError, type EmulatorErrorCode } from './emulator-error.js';
export { DELIVERY_ID_HEADER } from './delivery/dispatcher.js';
export type { Faults } from './delivery/faults.js';
export type { DeliveryMatch, WaitOptions } from './delivery/wait-for-delivery.js';
export type { AttemptKind, AttemptRecord, DeliveryRecord, DeliveryState, ReceivedAnswer, SentRequest } from './delivery/delivery-log.js';
export type { FilterConfig, Webhook } from './state/webhooks.js';
export type { NeynarEmulator, NeynarPublishOptions, NeynarPublishResult } from './neynar/neynar-facade.js';
export type { NeynarWebhook, NeynarWebhookSecret } from './neynar/neynar-webhook.js';
export { DEFAULT_GRACE_SECONDS } from './neynar/neynar-emulator-routes.js';
export type { NeynarErrorCode } from './neynar/neynar-answers.js';
export type { DeliveryEventName } from './delivery/delivery-log.js';
export type { MiniAppEmulator } from './miniapp/miniapp-facade.js';
export type { MiniAppDeliveryRecord } from './miniapp/miniapp-deliveries.js';
export type { MiniAppSendInit, MiniAppSendResult } from './miniapp/send-miniapp-event.js';
export type { IssuedToken, TokenState } from './miniapp/notification-tokens.js';
export type { MiniAppUser, UserToken } from './miniapp/miniapp-users.js';
export type { RefusalReason, RefusedNotification } from './miniapp/notification-refusals.js';
export type {
  FailedToken,
  FailedTokenReason,
  NotificationRequest,
  NotificationResult,
  ReceivedNotification,
} from './miniapp/receive-notification.js';
export type { NotificationLimits } from './miniapp/notification-limits.js';
export type { ActiveNotificationFaults, NotificationFaults } from './miniapp/notification-faults.js';
export type { DeliveredNotification } from './miniapp/notification-ledger.js';

export { startEmulator, type CreatedWebhook, type Emulator, type PublishResult } from './emulator.js';
export { DEFAULT_API_KEY, type EmulatorOptions, type RetryOptions } from './options.js';
export { EmulatorError, type EmulatorErrorCode } from './emulator-error.js';
export { DELIVERY_ID_HEADER } from './delivery/dispatcher.js';
export type { Faults } from './delivery/faults.js';
export type { DeliveryMatch, WaitOptions } from './delivery/wait-for-delivery.js';
export type { AttemptKind, AttemptRecord, DeliveryRecord, DeliveryState, ReceivedAnswer, SentRequest } from './delivery/delivery-log.js';
export type { FilterConfig, Webhook } from './state/webhooks.js';

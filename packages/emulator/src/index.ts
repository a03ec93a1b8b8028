export { startEmulator, type Emulator } from './emulator.js';
export { DEFAULT_API_KEY, type EmulatorOptions, type RetryOptions } from './options.js';
export type { AttemptRecord, DeliveryRecord, DeliveryState } from './delivery/delivery-log.js';
export type { FilterConfig, Webhook } from './state/webhooks.js';

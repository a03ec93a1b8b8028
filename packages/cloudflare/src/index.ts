export { cleanup, type CloudflareCleanupReport } from './cleanup.js';
export { cloudflareAppKeyStore } from './cloudflare-app-key-store.js';
export { cloudflareBroadcastRecords, type CloudflareBroadcastRecordsOptions } from './cloudflare-broadcast-records.js';
export {
  CLOUDFLARE_ARCHIVE_MAX_BYTES,
  cloudflareDeliveryArchive,
  DEFAULT_CLOUDFLARE_ARCHIVE_DELIVERIES,
  type CloudflareDeliveryArchiveOptions,
} from './cloudflare-delivery-archive.js';
export { cloudflareNotificationHistory, type CloudflareNotificationHistoryOptions } from './cloudflare-notification-history.js';
export { cloudflareOpenStore, type CloudflareOpenStoreOptions } from './cloudflare-open-store.js';
export { cloudflareNotificationLimiter, type CloudflareNotificationLimiterOptions } from './cloudflare-notification-limiter.js';
export { cloudflareStore } from './cloudflare-store.js';
export { cloudflareTokenStore } from './cloudflare-token-store.js';
export type { D1Like, D1StatementLike } from './d1-runner.js';
export type { DurableObjectNamespaceLike, DurableObjectStubLike, StubResponseLike } from './durable-object-runner.js';
export { migrate } from './migrate.js';
export { cloudflareSchema, type CloudflareSchemaOptions } from './schema.js';
export { SocialWebhooksState, type DurableObjectStateLike, type SqlStorageLike } from './state-object.js';
export { DEFAULT_OBJECT_NAME, type CloudflareStorage, type CloudflareStoreOptions } from './storage.js';
export { DEFAULT_TABLE_PREFIX } from './tables.js';

// Queues (docs/deploy-cloudflare.md §Queues): deliveries handed to a queue and run by the Worker's
// queue() export, and broadcasts whose batches are messages.
export { QUEUE_MAX_BODY_BYTES, queueHandoff, type QueueHandoffOptions } from './queues/queue-handoff.js';
export { isDeliveryMessage, type DeliveryMessage } from './queues/delivery-message.js';
export {
  DEFAULT_QUEUE_MAX_RETRIES,
  queueConsumer,
  type ConsumerSender,
  type QueueConsumer,
  type QueueConsumerOptions,
} from './queues/queue-consumer.js';
export type { MessageContext } from './queues/message-context.js';
export type { MessageOutcome } from './queues/run-message.js';
export { queueBroadcaster, type QueueBroadcaster, type QueueBroadcasterOptions, type QueuedBroadcast } from './queues/queue-broadcaster.js';
export {
  DEFAULT_QUEUE_RATE_LIMIT_ROUNDS,
  notificationConsumer,
  type NotificationConsumer,
  type NotificationConsumerOptions,
} from './queues/notification-consumer.js';
export { isNotifyMessage, type BatchMessage, type NotifyMessage, type PlanMessage } from './queues/notify-message.js';
export type { NotifyOutcome } from './queues/run-notify-message.js';
export { QUEUE_MAX_BATCH_BYTES } from './queues/send-messages.js';
export {
  QUEUE_MAX_BATCH_MESSAGES,
  QUEUE_MAX_DELAY_SECONDS,
  QUEUE_MESSAGE_MAX_BYTES,
  QUEUE_MESSAGE_METADATA_BYTES,
  type QueueBatch,
  type QueueContentType,
  type QueueMessage,
  type QueueProducer,
  type QueueSendOptions,
  type QueueSendRequest,
  type WorkerContext,
} from './queues/queue-types.js';

export { type RedisEvalClient, type RedisStoreClient, type UpstashRedisClient } from './eval-client.js';
export { DEFAULT_REDIS_PREFIX, redisStore, type RedisStoreOptions } from './redis-store.js';
export { DEFAULT_TOKEN_PREFIX, redisTokenStore, type RedisTokenStoreOptions } from './redis-token-store.js';
export { DEFAULT_APP_KEY_PREFIX, redisAppKeyStore, type RedisAppKeyStoreOptions } from './redis-app-key-store.js';
export { DEFAULT_NOTIFY_PREFIX, redisNotificationLimiter, type RedisNotificationLimiterOptions } from './redis-notification-limiter.js';
export { DEFAULT_BROADCAST_PREFIX, redisBroadcastRecords, type RedisBroadcastRecordsOptions } from './redis-broadcast-records.js';
export { DEFAULT_HISTORY_PREFIX, redisNotificationHistory, type RedisNotificationHistoryOptions } from './redis-notification-history.js';
export { DEFAULT_OPEN_PREFIX, redisOpenStore, type RedisOpenStoreOptions } from './redis-open-store.js';
export {
  DEFAULT_ARCHIVE_PREFIX,
  DEFAULT_REDIS_ARCHIVE_DELIVERIES,
  redisDeliveryArchive,
  type RedisDeliveryArchiveOptions,
} from './redis-delivery-archive.js';

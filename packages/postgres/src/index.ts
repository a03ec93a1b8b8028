export { cleanup, type PostgresCleanupOptions, type PostgresCleanupReport } from './cleanup.js';
export { postgresAppKeyStore, type PostgresAppKeyStoreOptions } from './postgres-app-key-store.js';
export { fromPostgresJs, type PostgresJsSql } from './postgres-js.js';
export { postgresNotificationLimiter, type PostgresNotificationLimiterOptions } from './postgres-notification-limiter.js';
export {
  postgresDeliveryArchive,
  DEFAULT_POSTGRES_ARCHIVE_DELIVERIES,
  type PostgresDeliveryArchiveOptions,
} from './postgres-delivery-archive.js';
export { postgresNotificationHistory, type PostgresNotificationHistoryOptions } from './postgres-notification-history.js';
export { postgresOpenStore, type PostgresOpenStoreOptions } from './postgres-open-store.js';
export { postgresStore, type PostgresStoreOptions } from './postgres-store.js';
export { postgresBroadcastRecords, type PostgresBroadcastRecordsOptions } from './postgres-broadcast-records.js';
export { postgresTokenStore, type PostgresTokenStoreOptions } from './postgres-token-store.js';
export type { PostgresQueryable, PostgresRow } from './query.js';
export { migrate, postgresSchema, type PostgresSchemaOptions } from './schema.js';
export { DEFAULT_TABLE_PREFIX } from './tables.js';

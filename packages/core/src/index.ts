// For users: the Web-standard handler, event names, types and schemas, errors, options, dedupe
// stores. Adapter plumbing is in `./adapter`, Node stream reading in `./node`, samples in `./samples`.
export { EVENT_NAMES, isEventName, type EventName } from './schema/event-names.js';
export { eventPayloadSchemas, followPayloadSchema, profilePayloadSchema, webhookEventSchema } from './schema/schemas.js';
export type { AnyEvent, EventPayloads, FollowPayload, ProfilePayload, UnknownWebhookEvent, WebhookEvent } from './schema/types.js';
export { withUnknownFields, type WithUnknownFields } from './schema/unknown-fields.js';
export { ERROR_STATUS, WebhookError, isWebhookError, type WebhookErrorCode, type WebhookErrorStatus } from './errors.js';
export type { EventHandler, EventHandlers, PipelineOptions, SenderChoice, WebhookOptions } from './options/options.js';
export type { SecretOption, SecretSource } from './senders/airstack/secret-entries.js';
export type { EventMap, EventOf, ReceivedEvent, Sender, SenderSetup, SenderSteps } from './senders/sender.js';
export { airstackSender, type AirstackEvents, type AirstackSenderOptions } from './senders/airstack/airstack-sender.js';
export { DEFAULT_HEADER, DEFAULT_MAX_BODY_BYTES } from './options/resolve-options.js';
export type { SuccessCode } from './result.js';
export { webhookHandler, type WebHandler, type WebWebhookOptions } from './web/webhook-handler.js';
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
export type {
  DeliveryEnd,
  DeliveryScope,
  DeliveryStart,
  Instrumentation,
  JobEnd,
  JobInstrumentation,
  JobScope,
  JobStart,
} from './observe/instrumentation.js';
export { DEFAULT_HANDOFF_TIMEOUT_MS, type Handoff, type HandoffJob, type ReplayEnqueueOutcome } from './handoff/handoff.js';
export { DEFAULT_DELIVERY_ID_HEADERS } from './dedupe/delivery-id.js';
// The archive and replay (docs/archive.md): verified deliveries kept as received, sent again through today's handlers.
export {
  DEFAULT_ARCHIVE_KEEP_MS,
  DEFAULT_ARCHIVE_PAGE,
  DEFAULT_ARCHIVE_TIMEOUT_MS,
  MAX_ARCHIVE_PAGE,
  type ArchivedDelivery,
  type ArchivePage,
  type ArchiveQuery,
  type DeliveryArchive,
  type DeliveryArchiveReader,
  type NewArchivedDelivery,
  type ReplayCheckpoint,
  type ReplayOutcome,
} from './archive/delivery-archive.js';
export { idFloor, newArchiveId, passesFilters, resolveQuery, type ResolvedQuery } from './archive/archive-query.js';
export { refusalCounter } from './archive/refusal-counter.js';
export { DEFAULT_MEMORY_ARCHIVE_DELIVERIES, memoryDeliveryArchive, type MemoryDeliveryArchiveOptions } from './archive/memory-archive.js';
export { markReplay, replayOf, type ReplayMark } from './archive/replay-mark.js';
export { replay } from './replay/replay.js';
export type { ReplayOptions } from './replay/replay-options.js';
export type { ReplayedDelivery, ReplayReport } from './replay/replay-report.js';
export { deliveryVerifier, type DeliveryInput, type DeliveryVerifier, type VerifierOptions, type VerifyResult } from './verifier.js';

// Neynar (docs/contract.md §Senders, Neynar): the sender, its events and their schemas.
export { neynarSender, type NeynarSenderOptions } from './senders/neynar/neynar-sender.js';
export type { NeynarSecret, NeynarSecretsOption, NeynarSecretsSource } from './senders/neynar/secrets.js';
export { NEYNAR_EVENT_NAMES, isNeynarEventName, type NeynarEventName } from './senders/neynar/event-names.js';
export { NEYNAR_SIGNATURE_HEADER } from './senders/neynar/signature.js';
export { neynarSchemas } from './senders/neynar/schemas.js';
export type {
  NeynarCast,
  NeynarEvent,
  NeynarEventPayloads,
  NeynarEvents,
  NeynarFollow,
  NeynarReaction,
  NeynarTrade,
  NeynarUser,
} from './senders/neynar/types.js';

// Mini App events (docs/contract.md §Senders, Mini App events): the sender, its events, its key lookups, its notification tokens.
export { miniAppSender, DEFAULT_VERIFY_APP_KEY_TIMEOUT_MS, type MiniAppSenderOptions } from './senders/miniapp/miniapp-sender.js';
export { MINI_APP_EVENT_NAMES, isMiniAppEventName, type MiniAppEventName } from './senders/miniapp/event-names.js';
export type { MiniAppEvent, MiniAppEventData, MiniAppEvents, NotificationDetails } from './senders/miniapp/types.js';
export { miniAppDataSchemas, notificationDetailsSchema } from './senders/miniapp/schemas.js';
export type { VerifyAppKey, VerifyAppKeyResult } from './senders/miniapp/app-key-check.js';
export { verifyAppKeyWithHub } from './senders/miniapp/hub-app-key.js';
export { verifyAppKeyWithNeynar } from './senders/miniapp/neynar-app-key.js';
export type { AppKeyStore, LookupBudget, LookupGrant, LookupRefusal, LookupStart, SignerList } from './senders/miniapp/app-key-store.js';
export { budgetRefusal, type BudgetState } from './senders/miniapp/budget-refusal.js';
export { DEFAULT_APP_KEY_STORE_ENTRIES, memoryAppKeyStore, type MemoryAppKeyStoreOptions } from './senders/miniapp/memory-app-key-store.js';
export {
  DEFAULT_CONCURRENT_LOOKUPS,
  DEFAULT_HUB_CACHE_ENTRIES,
  DEFAULT_HUB_CACHE_MS,
  DEFAULT_HUB_RECHECK_MS,
  DEFAULT_HUB_TIMEOUT_MS,
  DEFAULT_LOOKUPS_PER_SECOND,
  HUB_URL_ENV,
  NEYNAR_HUB_URL,
  type HubOptions,
  type NeynarHubOptions,
} from './senders/miniapp/hub-options.js';
export {
  applyMiniAppEvent,
  type NotificationTarget,
  type NotificationTokenStore,
  type ResumablePage,
} from './senders/miniapp/token-store.js';
export { memoryTokenStore } from './senders/miniapp/memory-token-store.js';
export { givenEnabledAt } from './senders/miniapp/enabled-at.js';

// Mini App notifications, sent (docs/notifications.md): the sender, our side of the limits, the report.
export { createNotifier, type NotificationSendOptions, type Notifier } from './notify/notifier.js';
export {
  DEFAULT_NOTIFY_CONCURRENCY,
  DEFAULT_NOTIFY_CONCURRENCY_PER_URL,
  DEFAULT_NOTIFY_RETRIES,
  DEFAULT_NOTIFY_RETRY_DELAY_MS,
  DEFAULT_NOTIFY_TIMEOUT_MS,
  DEFAULT_RATE_LIMIT_WAIT_MS,
  resolveNotifierOptions,
  retryDelay,
  type NotifierOptions,
  type ResolvedNotifierOptions,
} from './notify/notifier-options.js';
export { NOTIFICATION_LIMITS, type BatchTarget, type Notification, type NotificationRequest } from './notify/notification.js';
export { checkNotification } from './notify/check-notification.js';
export type { ClientResult, FailedReason } from './notify/client-answer.js';
export { deliverBatch, type BatchContext, type BatchResult } from './notify/deliver-batch.js';
export { logGaveUp, logRefusal } from './notify/notify-log.js';
export { batchesOf, type TargetBatch } from './notify/batches.js';
export { UrlSlots } from './notify/url-slots.js';
export {
  checkAudience,
  isFid,
  type AudienceClient,
  type AudienceForms,
  type AudienceNarrowing,
  type AudienceOptions,
  type ClientAudience,
  type EveryoneAudience,
  type FidsAudience,
  type NotificationAudience,
} from './notify/audience.js';
export { targetPagesOf } from './notify/audience-targets.js';
export { audienceTimeMs, type AudienceTime } from './notify/audience-enabled.js';
export { checkExpiresAt, checkSendAt, expired, type ExpiresAt } from './notify/expiry.js';
export type { BatchEnd, BatchScope, BatchStart, NotifyInstrumentation } from './notify/instrumentation.js';
export type { FetchLike } from './notify/post-batch.js';
export {
  DAY_MS,
  DEFAULT_NOTIFICATION_DEDUPE_MS,
  DEFAULT_NOTIFICATION_INTERVAL_MS,
  DEFAULT_NOTIFICATIONS_PER_DAY,
  resolveLimits,
  type Claim,
  type NotificationLimiter,
  type NotificationLimits,
} from './notify/limiter.js';
export { memoryNotificationLimiter, type MemoryNotificationLimiterOptions } from './notify/memory-limiter.js';
// For limiters' authors: the shared claims, and a SQL limiter's rows read as claims.
export { ALLOWED_CLAIM, SENT_CLAIM, claimsFromRows, claimTargetsJson } from './notify/claims.js';
export type { NotificationReport } from './notify/report.js';
export type { NotificationWait } from './notify/held-targets.js';
// Resumable broadcasts (docs/notifications.md, "Broadcasts without a worker"): run again until done, from any process.
export {
  createBroadcasts,
  type BroadcastRun,
  type BroadcastStart,
  type BroadcastStartOptions,
  type Broadcasts,
} from './notify/broadcasts/broadcasts.js';
export { BROADCAST_STEP_MARGIN_MS, type BroadcastsOptions } from './notify/broadcasts/broadcasts-options.js';
export type { BroadcastProgress } from './notify/broadcasts/broadcast-progress.js';
export type { BroadcastCancel, BroadcastCancelOutcome } from './notify/broadcasts/cancel-broadcast.js';
// What happened (docs/notifications.md, "What happened: history"): every sender writes it per batch.
export {
  DEFAULT_HISTORY_KEEP_MS,
  emptyCounts,
  HISTORY_OUTCOMES,
  historyClient,
  TIMELINE_ATTEMPTS,
  TIMELINE_LIMIT,
  type BroadcastHistory,
  type HistoryBatch,
  type HistoryCounts,
  type HistoryEntry,
  type HistoryOutcome,
  type HistoryPage,
  type NotificationHistory,
  type TimelineAttempt,
  type TimelineEntry,
} from './notify/history/history.js';
export { memoryNotificationHistory, type MemoryNotificationHistoryOptions } from './notify/history/memory-history.js';
export { withOpens } from './notify/history/with-opens.js';
export { HistoryEntries } from './notify/history/history-entries.js';
export { writeHistory } from './notify/history/write-history.js';
export {
  cursorAfter,
  isAfter,
  listOptions,
  resolveHistoryKeepMs,
  timelineOptions,
  type HistoryCursor,
} from './notify/history/history-page.js';
export {
  DEFAULT_BROADCAST_KEEP_MS,
  type BroadcastPlan,
  type BroadcastRecord,
  type BroadcastRecordStore,
  type RecordCancel,
} from './notify/broadcasts/record-store.js';
export { MAX_BROADCAST_HELD, type BroadcastCounts, type BroadcastState, type HeldTarget } from './notify/broadcasts/broadcast-state.js';
export { MAX_RECORDED_FIDS, type RecordableAudience, type RecordedAudience } from './notify/broadcasts/recordable-audience.js';
export { isJsonAudience, jsonAudience } from './notify/broadcasts/json-audience.js';
export { memoryBroadcastRecords, type MemoryBroadcastRecordsOptions } from './notify/broadcasts/memory-records.js';
export { resolveKeepMs } from './notify/broadcasts/record-store.js';
// Opens of notifications (docs/notifications.md §Opens): what the opens receiver of `@social-webhooks/opens` records.
export {
  DEFAULT_OPEN_RETENTION_MS,
  checkOpenRecord,
  noOpens,
  resolveOpenRetention,
  type OpenCounts,
  type OpenRecord,
  type OpenStore,
} from './opens/open-store.js';
export { memoryOpenStore, type MemoryOpenStoreOptions } from './opens/memory-open-store.js';

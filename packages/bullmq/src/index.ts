export {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  DEFAULT_KEEP_COMPLETED_MS,
  DEFAULT_KEEP_FAILED_MS,
  bullmqHandoff,
  type BullmqHandoffOptions,
} from './handoff/bullmq-handoff.js';
export { isWebhookJobData, toJobId, type WebhookJobData } from './job-data.js';
export {
  DEFAULT_SHUTDOWN_GRACE_MS,
  webhookWorker,
  type WebhookWorker,
  type WebhookWorkerOptions,
  type WorkerSender,
} from './worker/webhook-worker.js';
export type { JobContext } from './worker/job-context.js';
export type { Handoff, HandoffJob, JobEnd, JobInstrumentation, JobScope, JobStart } from '@social-webhooks/core';
export type { JobResult } from './worker/run-job.js';
export { describeFailedJob, listFailedJobs, type FailedJob, type FailedJobsQueue, type ListFailedOptions } from './admin/failed-jobs.js';
export { retryFailedJobs, type RetrySelection } from './admin/retry-failed-jobs.js';
export { deadLetters, type DeadLetters } from './admin/dead-letters.js';
export {
  DEFAULT_NOTIFY_QUEUE,
  notificationBroadcaster,
  type BroadcastOptions,
  type CancelledBroadcast,
  type CancelOutcome,
  type NotificationBroadcaster,
  type NotificationBroadcasterOptions,
  type QueuedBroadcast,
  type BroadcastSchedule,
  type ScheduledBroadcasts,
  type ScheduleOptions,
} from './notify/notification-broadcaster.js';
export {
  DEFAULT_MAX_STALLED,
  DEFAULT_RATE_LIMIT_ROUNDS,
  notificationWorker,
  type NotificationWorker,
  type NotificationWorkerOptions,
} from './notify/notification-worker.js';
export type { BroadcastProgress } from './notify/broadcast-progress.js';
export type { BroadcastAudience } from './notify/job-audience.js';
export type { KeepOptions } from './notify/job-options.js';

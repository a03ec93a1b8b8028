// Attribute names. OpenTelemetry's messaging conventions where one fits (a delivery is a message
// pushed to a consumer; a job is a message taken from a queue), `error.type` and
// `http.response.status_code` from the general and HTTP conventions, and `social_webhooks.*` for
// what no convention names. See the README's OpenTelemetry section for why each.

export const MESSAGING_SYSTEM = 'messaging.system';
export const MESSAGING_OPERATION_TYPE = 'messaging.operation.type';
export const MESSAGING_OPERATION_NAME = 'messaging.operation.name';
export const MESSAGING_DESTINATION_NAME = 'messaging.destination.name';
export const MESSAGING_MESSAGE_ID = 'messaging.message.id';
export const ERROR_TYPE = 'error.type';
export const HTTP_RESPONSE_STATUS_CODE = 'http.response.status_code';

/** The outcome code of a delivery (`handled`, `queued`, `header_mismatch`, …) or a job attempt. */
export const OUTCOME = 'social_webhooks.outcome';
/** The event name, `_OTHER` for one outside its sender's documented list (bounds metric cardinality). */
export const EVENT_NAME = 'social_webhooks.event.name';
/** The sender whose delivery it is (`airstack`, `neynar`, `miniapp`): one receiver, one sender. */
export const SENDER = 'social_webhooks.sender';
/** 1 for a job's first attempt, 2 for its first retry, … */
export const JOB_ATTEMPT = 'social_webhooks.job.attempt';
/** Whether a failed attempt will be tried again. */
export const JOB_WILL_RETRY = 'social_webhooks.job.will_retry';

/** `messaging.system` of the delivery span: the sender is a webhook gateway, named by no registry value. */
export const WEBHOOK_SYSTEM = 'webhook';
/** `messaging.system` of the job span: BullMQ is not in the registry's list, so its own name. */
export const BULLMQ_SYSTEM = 'bullmq';

/** The host of a Farcaster client's notification URL (general conventions' `server.address`). */
export const SERVER_ADDRESS = 'server.address';
/** A notification's id: on spans only, never on metrics (one series per notification otherwise). */
export const NOTIFICATION_ID = 'social_webhooks.notification.id';
/** Targets in a notification batch. */
export const NOTIFY_TARGETS = 'social_webhooks.notify.targets';
/** Prefix of a batch span's per-outcome counts: `social_webhooks.notify.successful`, `.invalid`, … */
export const NOTIFY_COUNT_PREFIX = 'social_webhooks.notify.';
/** 1 for a batch's first try, 2 for its first retry, … */
export const NOTIFY_ATTEMPT = 'social_webhooks.notify.attempt';

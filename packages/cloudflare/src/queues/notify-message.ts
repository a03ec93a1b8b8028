import { isJsonAudience, type BatchTarget, type Notification, type RecordableAudience } from '@social-webhooks/core';

/**
 * The message that reads a broadcast's audience from the token store into batch messages: `to` as
 * JSON (a FID, a list, `'all'`, or an object of `all`, `fids`, `exclude`, `client`, `enabledSince` and
 * `enabledBefore` in milliseconds), core's `jsonAudience` of what `broadcast()` was given.
 */
export interface PlanMessage {
  readonly type: 'plan';
  readonly notification: Notification;
  readonly to: RecordableAudience;
}

/**
 * One client URL and at most 100 of its targets: one request. Read from the store by the plan
 * (`batch`), or handed on by another batch, its targets rate-limited until a window ends
 * (`limited`, `round` rounds so far) or its request failed in a way worth retrying (`retry`,
 * `attempt` retries so far).
 */
export interface BatchMessage {
  readonly type: 'batch';
  readonly notification: Notification;
  readonly url: string;
  readonly targets: readonly BatchTarget[];
  readonly kind: 'batch' | 'limited' | 'retry';
  readonly round: number;
  readonly attempt: number;
}

/** What a queue of notifications carries, as JSON. */
export type NotifyMessage = PlanMessage | BatchMessage;

/**
 * Whether a message body has the shape `queueBroadcaster()` and the consumer write. A plan's audience
 * must be one `broadcast()` writes (core's `isJsonAudience`): a malformed one (an unknown key, `all`
 * not true) is no plan, retried and dead-lettered, never read as everyone.
 */
export function isNotifyMessage(value: unknown): value is NotifyMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<Record<string, unknown>>;
  const notification = message.notification as Partial<Notification> | undefined;
  if (typeof notification?.notificationId !== 'string') return false;
  if (message.type === 'plan') return isJsonAudience(message.to);
  return (
    message.type === 'batch' &&
    typeof message.url === 'string' &&
    Array.isArray(message.targets) &&
    typeof message.round === 'number' &&
    typeof message.attempt === 'number'
  );
}

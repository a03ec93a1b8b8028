import {
  checkAudience,
  checkNotification,
  jsonAudience,
  type Notification,
  type NotificationAudience,
  type RecordableAudience,
} from '@social-webhooks/core';
import { optionsError } from '../errors.js';
import type { NotifyMessage } from './notify-message.js';
import { jsonBytes } from './delivery-message.js';
import { QUEUE_MESSAGE_MAX_BYTES, QUEUE_MESSAGE_METADATA_BYTES, type QueueProducer } from './queue-types.js';

/** Options of {@link queueBroadcaster}. */
export interface QueueBroadcasterOptions {
  /** The producer binding of the notifications queue: `env.NOTIFICATIONS`. Required. */
  readonly queue: QueueProducer<NotifyMessage>;
  /**
   * Your Mini App's domain (`app.example.com`): every `targetUrl` is checked to be on it before a
   * broadcast is queued, since clients answer `domain_mismatch` for every token otherwise. Default: not checked.
   */
  readonly domain?: string;
}

/** What `broadcast()` answers once the broadcast is queued. */
export interface QueuedBroadcast {
  readonly notificationId: string;
  /** The audience as the plan message carries it: a copy, its `enabledSince` and `enabledBefore` in milliseconds. */
  readonly to: RecordableAudience;
}

/** Queues broadcasts; {@link notificationConsumer} sends them. */
export interface QueueBroadcaster {
  /**
   * Checks `notification` and `to`, and queues one plan message; resolves once Queues holds it, before
   * anything is sent. `to` is any audience that travels as JSON: a FID, a list of FIDs, `'all'`, or an
   * object of `all: true`, a `fids` list, `exclude`, `client` (a FID or a notification URL),
   * `enabledSince` and `enabledBefore` (milliseconds, a `Date` or an ISO string; the message carries
   * milliseconds): `{ all: true, exclude: [3] }`, `{ client: 9152, enabledBefore: Date.parse('2026-11-01') }`.
   * @throws {WebhookError} `invalid_options` before anything is queued, when the notification breaks a
   *   limit, `to` is malformed, or `to` cannot travel in a message: a `where` function or an iterable of
   *   FIDs (filter or collect them into a `fids` list, or send with createNotifier().send(), which runs them).
   */
  broadcast(notification: Notification, options: { readonly to: NotificationAudience }): Promise<QueuedBroadcast>;
}

/**
 * Durable Mini App broadcasts on Cloudflare Queues, as `notificationBroadcaster()` of
 * `@social-webhooks/bullmq` on Node: `broadcast()` queues one plan message; the Worker's `queue()`
 * export, through {@link notificationConsumer}, reads the token store into batch messages (at most
 * 100 tokens to one client URL each) and sends each batch in an invocation of its own, so a
 * broadcast is bound neither to the request that started it nor to one invocation's subrequests.
 * Sending a batch again reaches no user twice: it carries the same `notificationId`, which our
 * limiter's record and the clients both dedupe.
 *
 * @param options `queue` (required), `domain` (not checked).
 * @throws {WebhookError} `invalid_options` when `queue` is not a queue binding or `domain` is malformed.
 * @example
 * const broadcaster = queueBroadcaster({ queue: env.NOTIFICATIONS, domain: 'app.example.com' });
 * await broadcaster.broadcast({ notificationId: 'digest-2026-11-27', title: 'Your digest', body: '3 new casts', targetUrl: 'https://app.example.com/' }, { to: 'all' });
 */
export function queueBroadcaster(options: QueueBroadcasterOptions): QueueBroadcaster {
  const source = '@social-webhooks/cloudflare: queueBroadcaster()';
  if (typeof options !== 'object' || options === null)
    throw optionsError('queueBroadcaster() takes an options object: { queue: env.NOTIFICATIONS }.');
  const { queue, domain } = options;
  if (typeof queue?.send !== 'function') {
    throw optionsError(
      'queueBroadcaster(): `queue` must be the producer binding of the notifications queue, such as env.NOTIFICATIONS ' +
        '([[queues.producers]] binding = "NOTIFICATIONS" in wrangler.toml).',
    );
  }
  if (domain !== undefined && (typeof domain !== 'string' || !/^[a-z0-9.-]+$/i.test(domain))) {
    throw optionsError(
      `queueBroadcaster(): \`domain\` is your Mini App's host name, such as "example.com" (no scheme, no path); got ${JSON.stringify(domain)}.`,
    );
  }
  return {
    async broadcast(input, { to: given } = {} as { to: NotificationAudience }) {
      const notification = checkNotification(input, domain, `${source}.broadcast()`);
      checkAudience(given, { source: `${source}.broadcast()`, emptyList: 'refused', forms: 'json' });
      const to = jsonAudience(given);
      const message: NotifyMessage = { type: 'plan', notification, to };
      const bytes = jsonBytes(message);
      if (bytes > QUEUE_MESSAGE_MAX_BYTES - QUEUE_MESSAGE_METADATA_BYTES) {
        throw optionsError(
          `queueBroadcaster().broadcast(): the broadcast to ${fidCount(to)} FIDs is ${bytes} bytes as a queue message, ` +
            `over the ${QUEUE_MESSAGE_MAX_BYTES} a message may carry: split the list into several broadcasts (they may share the notificationId: it is deduped per user).`,
        );
      }
      await queue.send(message, { contentType: 'json' });
      return { notificationId: notification.notificationId, to };
    },
  };
}

/** How many FIDs an audience lists (1 for one FID, 0 for everyone not narrowed by a list). */
function fidCount(to: RecordableAudience): number {
  if (typeof to === 'number') return 1;
  if (Array.isArray(to)) return to.length;
  if (typeof to !== 'object') return 0;
  const { fids, exclude } = to as { fids?: readonly number[]; exclude?: readonly number[] };
  return (fids?.length ?? 0) + (exclude?.length ?? 0);
}

import type { ResolvedLogger } from '../../observe/logger.js';
import type { Notification } from '../notification.js';
import type { HistoryEntries } from './history-entries.js';
import type { NotificationHistory } from './history.js';

/**
 * The `history` option of a sender, as it writes: one `record` per batch, and a failure logged (a
 * warning, once per sender) but never thrown: what was sent stays sent whether or not it was written down.
 */
export class HistoryWriter {
  #warned = false;

  constructor(
    readonly history: NotificationHistory,
    readonly logger: ResolvedLogger,
  ) {}

  async write(notification: Notification, entries: HistoryEntries): Promise<void> {
    if (entries.list.length === 0) return;
    try {
      await this.history.record({ notification, at: Date.now(), entries: entries.list });
    } catch (error) {
      if (this.#warned) return;
      this.#warned = true;
      this.logger.warn('social-webhooks: the notification history could not be written; sending goes on without it', {
        code: 'history_failed',
        error,
      });
    }
  }
}

/** Checks the `history` option once: `undefined`, or an object with record, list, get and timeline. */
export function toHistoryWriter(history: unknown, logger: ResolvedLogger, fail: (message: string) => never): HistoryWriter | undefined {
  if (history === undefined) return undefined;
  const methods = ['record', 'list', 'get', 'timeline'] as const;
  const candidate = history as Partial<NotificationHistory> | null;
  if (typeof candidate !== 'object' || candidate === null || methods.some((method) => typeof candidate[method] !== 'function')) {
    return fail(
      '`history` must be a notification history (record, list, get, timeline): memoryNotificationHistory(), or redisNotificationHistory({ client }) from @social-webhooks/redis.',
    );
  }
  return new HistoryWriter(candidate as NotificationHistory, logger);
}

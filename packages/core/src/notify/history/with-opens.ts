import type { OpenStore } from '../../opens/open-store.js';
import type { BroadcastHistory, NotificationHistory } from './history.js';

/**
 * `history` with each notification's opens joined from `opens` (an `OpenStore` that
 * `@social-webhooks/opens` records into): `get()` and `list()` answer `opens` beside the counts, one
 * `counts()` call per notification read. Writes and timelines are the history's own.
 * @example
 * const history = withOpens(redisNotificationHistory({ client }), redisOpenStore({ client }));
 * const digest = await history.get('digest-2026-11-28'); // { counts, byClient, opens: { opens, uniqueOpens, byClient } }
 */
export function withOpens(history: NotificationHistory, opens: Pick<OpenStore, 'counts'>): NotificationHistory {
  const joined = async (broadcast: BroadcastHistory): Promise<BroadcastHistory> => ({
    ...broadcast,
    opens: await opens.counts(broadcast.notificationId),
  });
  return {
    record: (batch) => history.record(batch),
    timeline: (fid, options) => history.timeline(fid, options),
    async get(notificationId) {
      const broadcast = await history.get(notificationId);
      return broadcast === undefined ? undefined : joined(broadcast);
    },
    async list(options) {
      const page = await history.list(options);
      return { ...page, broadcasts: await Promise.all(page.broadcasts.map(joined)) };
    },
  };
}

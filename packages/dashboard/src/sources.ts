import type { DashboardErrorCode } from './dashboard-error.js';
import type { ResolvedDashboardOptions } from './options.js';
import type { DeadLetterQueue, DeliveryArchiveReader, NotificationHistoryReader } from './types.js';

/** A read of the archive or of a queue that failed: answered 503 with its code, its error logged, never shown. */
export class SourceFailure extends Error {
  constructor(
    readonly code: DashboardErrorCode,
    options: { cause: unknown },
  ) {
    super(`@social-webhooks/dashboard: ${code}`, options);
  }
}

/** The options with every read of the archive, the queues and the history tagged with its source, should it fail. */
export function taggedSources(options: ResolvedDashboardOptions): ResolvedDashboardOptions {
  const { archive } = options;
  const tagged: DeliveryArchiveReader | undefined = archive && {
    list: (query) => tag('archive_unavailable', () => archive.list(query)),
    get: (id) => tag('archive_unavailable', () => archive.get(id)),
    ...(archive.refusedTotals !== undefined && { refusedTotals: () => tag('archive_unavailable', () => archive.refusedTotals!()) }),
    ...(archive.refusedCounts !== undefined && { refusedCounts: () => archive.refusedCounts!() }),
  };
  const { history } = options;
  const taggedHistory: NotificationHistoryReader | undefined = history && {
    list: (listOptions) => tag('history_unavailable', () => history.list(listOptions)),
    get: (id) => tag('history_unavailable', () => history.get(id)),
    timeline: (fid, timelineOptions) => tag('history_unavailable', () => history.timeline(fid, timelineOptions)),
  };
  const queues = options.queues.map((queue): DeadLetterQueue => ({
    name: queue.name,
    list: (listOptions) => tag('dead_letters_unavailable', () => queue.list(listOptions)),
    retry: (ids) => tag('dead_letters_unavailable', () => queue.retry(ids)),
  }));
  return { ...options, archive: tagged, queues, history: taggedHistory };
}

async function tag<T>(code: DashboardErrorCode, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (cause) {
    throw new SourceFailure(code, { cause });
  }
}

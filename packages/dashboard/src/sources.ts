import type { DashboardErrorCode } from './dashboard-error.js';
import type { ResolvedDashboardOptions } from './options.js';
import type { DeadLetterQueue, DeliveryArchiveReader } from './types.js';

/** A read of the archive or of a queue that failed: answered 503 with its code, its error logged, never shown. */
export class SourceFailure extends Error {
  constructor(
    readonly code: DashboardErrorCode,
    options: { cause: unknown },
  ) {
    super(`@social-webhooks/dashboard: ${code}`, options);
  }
}

/** The options with every read of the archive and the queues tagged with its source, should it fail. */
export function taggedSources(options: ResolvedDashboardOptions): ResolvedDashboardOptions {
  const { archive } = options;
  const tagged: DeliveryArchiveReader | undefined = archive && {
    list: (query) => tag('archive_unavailable', () => archive.list(query)),
    get: (id) => tag('archive_unavailable', () => archive.get(id)),
  };
  const queues = options.queues.map((queue): DeadLetterQueue => ({
    name: queue.name,
    list: (listOptions) => tag('dead_letters_unavailable', () => queue.list(listOptions)),
    retry: (ids) => tag('dead_letters_unavailable', () => queue.retry(ids)),
  }));
  return { ...options, archive: tagged, queues };
}

async function tag<T>(code: DashboardErrorCode, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (cause) {
    throw new SourceFailure(code, { cause });
  }
}

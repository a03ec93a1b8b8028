import type { NotificationTarget } from '../senders/miniapp/token-store.js';
import { NOTIFICATION_LIMITS, type BatchTarget } from './notification.js';

// Who a notification is for, and how its targets are read: kept importable from here, where they began.
export {
  checkAudience,
  type AudienceClient,
  type AudienceForms,
  type AudienceNarrowing,
  type AudienceOptions,
  type ClientAudience,
  type EveryoneAudience,
  type FidsAudience,
  type NotificationAudience,
} from './audience.js';
export { targetPagesOf } from './audience-targets.js';

/** Targets that share a client URL, at most 100: one request. */
export interface TargetBatch {
  readonly url: string;
  readonly targets: BatchTarget[];
}

/**
 * Groups a stream of pages of targets into batches as the protocol wants them: by client URL, at most
 * 100 tokens each. A batch is handed on as soon as it is full, so what is held at once is one page and
 * at most one partial batch per client URL, whatever the size of the store; the partial ones come last.
 * A token already in the batch it would join is not added again: an iterable that yields a FID twice,
 * or a SCAN that lists a user twice while Redis resizes, must not put one token twice in one request,
 * where it would be claimed, sent and counted twice (in a later batch, the limiter's record answers it
 * `alreadySent`).
 */
export async function* batchesOf(
  pages: AsyncIterable<Iterable<NotificationTarget>> | Iterable<Iterable<NotificationTarget>>,
  size: number = NOTIFICATION_LIMITS.tokens,
): AsyncGenerator<TargetBatch> {
  const open = new Map<string, { targets: BatchTarget[]; tokens: Set<string> }>();
  for await (const page of pages) {
    for (const { url, fid, appFid, token } of page) {
      let batch = open.get(url);
      if (batch === undefined) open.set(url, (batch = { targets: [], tokens: new Set() }));
      if (batch.tokens.has(token)) continue;
      batch.tokens.add(token);
      batch.targets.push({ fid, appFid, token });
      if (batch.targets.length >= size) {
        open.delete(url);
        yield { url, targets: batch.targets };
      }
    }
  }
  for (const [url, { targets }] of open) yield { url, targets };
}

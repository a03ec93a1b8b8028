import { WebhookError } from '../errors.js';
import type { NotificationTarget, NotificationTokenStore } from '../senders/miniapp/token-store.js';
import { NOTIFICATION_LIMITS, type BatchTarget } from './notification.js';

/** Targets that share a client URL, at most 100: one request. */
export interface TargetBatch {
  readonly url: string;
  readonly targets: BatchTarget[];
}

/**
 * Groups a stream of pages of targets into batches as the protocol wants them: by client URL, at most
 * 100 tokens each. A batch is handed on as soon as it is full, so what is held at once is one page and
 * at most one partial batch per client URL, whatever the size of the store; the partial ones come last.
 */
export async function* batchesOf(
  pages: AsyncIterable<Iterable<NotificationTarget>> | Iterable<Iterable<NotificationTarget>>,
  size: number = NOTIFICATION_LIMITS.tokens,
): AsyncGenerator<TargetBatch> {
  const open = new Map<string, BatchTarget[]>();
  for await (const page of pages) {
    for (const { url, fid, appFid, token } of page) {
      let batch = open.get(url);
      if (batch === undefined) open.set(url, (batch = []));
      batch.push({ fid, appFid, token });
      if (batch.length >= size) {
        open.delete(url);
        yield { url, targets: batch };
      }
    }
  }
  for (const [url, batch] of open) yield { url, targets: batch };
}

/**
 * The targets of one user, of several (each read when its turn comes), or of every user in the store,
 * a page at a time: the store's `listPages()` when it has one, else its `list()` gathered into pages.
 */
export async function* targetPagesOf(
  store: Pick<NotificationTokenStore, 'get' | 'list' | 'listPages'>,
  to: NotificationAudience,
): AsyncGenerator<readonly NotificationTarget[]> {
  if (to === 'all') {
    yield* store.listPages?.() ?? pagesOf(store.list());
    return;
  }
  for (const fid of new Set(typeof to === 'number' ? [to] : to)) {
    const targets = await store.get(fid);
    if (targets.length > 0) yield targets;
  }
}

/** `targets` in pages of `size`. */
async function* pagesOf(
  targets: AsyncIterable<NotificationTarget>,
  size = NOTIFICATION_LIMITS.tokens,
): AsyncGenerator<NotificationTarget[]> {
  let page: NotificationTarget[] = [];
  for await (const target of targets) {
    page.push(target);
    if (page.length >= size) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

/** Who a notification is for: one user's FID, a list of FIDs, or every user in the store. */
export type NotificationAudience = number | readonly number[] | 'all';

/**
 * Checks `to` before anything is read or queued: a positive FID, a list of them (an empty one only
 * when `emptyList` is `'allowed'`, the default), or `'all'`.
 * @throws {WebhookError} `invalid_options`, starting with `source`.
 */
export function checkAudience(
  to: unknown,
  { source, emptyList = 'allowed' }: { readonly source: string; readonly emptyList?: 'allowed' | 'refused' },
): asserts to is NotificationAudience {
  const fid = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;
  const list = Array.isArray(to) && (to.length > 0 || emptyList === 'allowed') && to.every(fid);
  if (to === 'all' || fid(to) || list) return;
  throw new WebhookError('invalid_options', `${source}: \`to\` is a user's FID, a list of FIDs, or 'all'; got ${JSON.stringify(to)}.`);
}

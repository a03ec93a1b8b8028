import { WebhookError } from '../errors.js';
import { isThenable } from '../is-thenable.js';
import type { NotificationTarget, NotificationTokenStore } from '../senders/miniapp/token-store.js';
import { audienceTimeMs, enabledTest } from './audience-enabled.js';
import { isFid, type AudienceClient, type AudienceNarrowing, type NotificationAudience } from './audience.js';
import { NOTIFICATION_LIMITS } from './notification.js';

type PageStore = Pick<NotificationTokenStore, 'get' | 'list' | 'listPages'>;

/**
 * The targets of an audience (checked by `checkAudience`), a page at a time: every user's from the
 * store's `listPages()` when it has one (else its `list()` gathered into pages), or each FID's from
 * `get()` as its turn comes: a list's FIDs once each, an iterable's as it yields them, never held
 * whole. `exclude`, `client`, `enabledSince`, `enabledBefore` and `where` then keep only the targets
 * they allow (a target with no `enabledAt` is in no audience narrowed by time); an excluded FID is
 * not even read. A page left empty is not yielded.
 * @throws {WebhookError} `invalid_options` when an iterable yields something that is not a FID; what
 *   the store, the iterable or `where` throws.
 */
export async function* targetPagesOf(store: PageStore, to: NotificationAudience): AsyncGenerator<readonly NotificationTarget[]> {
  const narrowing: AudienceNarrowing = typeof to === 'object' && !isList(to) ? to : {};
  const keep = keeper(narrowing);
  for await (const page of pagesOfAudience(store, to, narrowing.exclude)) {
    const kept = keep === undefined ? page : await keep(page);
    if (kept.length > 0) yield kept;
  }
}

/** The store's pages for everyone, or each FID's targets. */
async function* pagesOfAudience(
  store: PageStore,
  to: NotificationAudience,
  exclude: readonly number[] | undefined,
): AsyncGenerator<readonly NotificationTarget[]> {
  const fids = typeof to === 'number' ? [to] : to === 'all' ? undefined : isList(to) ? to : to.fids;
  if (fids === undefined) {
    yield* store.listPages?.() ?? pagesOf(store.list());
    return;
  }
  const excluded = new Set(exclude);
  // A list is deduplicated here, as it always was; an iterable is not held, so it is read as it comes.
  const each: Iterable<number> | AsyncIterable<number> = Array.isArray(fids) ? new Set(fids as readonly number[]) : fids;
  let position = 0;
  for await (const fid of each) {
    position += 1;
    if (!isFid(fid)) {
      throw new WebhookError(
        'invalid_options',
        `@social-webhooks/core: the audience's fids yielded ${JSON.stringify(fid) ?? String(fid)} (item ${position}), not a FID ` +
          '(a whole number, 1 or more): the targets before it were sent; fix the iterable and send again with the same notificationId, which reaches nobody twice.',
      );
    }
    if (excluded.has(fid)) continue;
    const targets = await store.get(fid);
    if (targets.length > 0) yield targets;
  }
}

/** The filter of `exclude`, `client`, the enabled times and `where` over a page, or undefined when none is given. */
function keeper({
  exclude,
  client,
  enabledSince,
  enabledBefore,
  where,
}: AudienceNarrowing): ((page: readonly NotificationTarget[]) => Promise<NotificationTarget[]>) | undefined {
  const enabled = enabledTest(timeOf(enabledSince), timeOf(enabledBefore));
  if ((exclude === undefined || exclude.length === 0) && client === undefined && enabled === undefined && where === undefined)
    return undefined;
  const excluded = new Set(exclude);
  const ofClient = clientTest(client);
  return async (page) => {
    const kept: NotificationTarget[] = [];
    for (const target of page) {
      if (excluded.has(target.fid) || !ofClient(target) || (enabled !== undefined && !enabled(target))) continue;
      if (where !== undefined) {
        const answer = where(target);
        if (!(isThenable(answer) ? await answer : answer)) continue;
      }
      kept.push(target);
    }
    return kept;
  };
}

/** Whether a target is the client's: by its FID (`appFid`), or by its notification URL as stored or as `URL` writes it. */
export function clientTest(client: AudienceClient | undefined): (target: NotificationTarget) => boolean {
  if (client === undefined) return () => true;
  if (typeof client === 'number') return (target) => target.appFid === client;
  const written = new URL(client).href;
  return (target) => target.url === client || target.url === written;
}

/** A time in milliseconds, or undefined when not given; one that is no time fails rather than reach everyone. */
function timeOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const ms = audienceTimeMs(value);
  if (ms === undefined) {
    throw new WebhookError(
      'invalid_options',
      "@social-webhooks/core: the audience's enabledSince or enabledBefore is not a time; check it with checkAudience().",
    );
  }
  return ms;
}

function isList(to: readonly number[] | object): to is readonly number[] {
  return Array.isArray(to);
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

import type { NotificationTarget, NotificationTokenStore } from '../../senders/miniapp/token-store.js';
import { enabledTest } from '../audience-enabled.js';
import { clientTest } from '../audience-targets.js';
import { NOTIFICATION_LIMITS } from '../notification.js';
import type { BroadcastPlan } from './record-store.js';

/** A page of a broadcast's audience and where reading goes on after it (`null`: the audience is read). */
export interface AudiencePage {
  readonly targets: readonly NotificationTarget[];
  readonly cursor: string | null;
}

/** FIDs of a list read per page (each one `get`). */
const LIST_PAGE = NOTIFICATION_LIMITS.tokens;

/**
 * The audience of `plan` from `cursor` on, a page at a time, each with the cursor after it, keeping
 * only the targets of `plan.client` enabled in `[plan.enabledSince, plan.enabledBefore)` (none
 * without `enabledAt`) and none of `plan.exclude` (a page may be left empty: its cursor still counts):
 * - a list of FIDs: the cursor is the position in the list;
 * - `'all'` from a store with `listPagesFrom`: the store's cursor, so nothing done is read again;
 * - `'all'` from a store without it: from the start on every run, whatever the cursor (the limiter
 *   answers `alreadySent` for whom an earlier run reached), the cursor counting pages read.
 */
export async function* audiencePages(
  store: NotificationTokenStore,
  plan: BroadcastPlan,
  cursor: string | null,
): AsyncGenerator<AudiencePage> {
  const enabled = enabledTest(plan.enabledSince, plan.enabledBefore);
  if (plan.exclude === undefined && plan.client === undefined && enabled === undefined) {
    yield* pagesOfPlan(store, plan, cursor);
    return;
  }
  const excluded = new Set(plan.exclude);
  const ofClient = clientTest(plan.client);
  const keep = (target: NotificationTarget) => !excluded.has(target.fid) && ofClient(target) && (enabled === undefined || enabled(target));
  for await (const page of pagesOfPlan(store, plan, cursor)) yield { targets: page.targets.filter(keep), cursor: page.cursor };
}

async function* pagesOfPlan(store: NotificationTokenStore, plan: BroadcastPlan, cursor: string | null): AsyncGenerator<AudiencePage> {
  const { to } = plan;
  if (to !== 'all') {
    for (let position = cursor === null ? 0 : Number(cursor); position < to.length; position += LIST_PAGE) {
      const targets: NotificationTarget[] = [];
      for (const fid of to.slice(position, position + LIST_PAGE)) targets.push(...(await store.get(fid)));
      const next = position + LIST_PAGE;
      yield { targets, cursor: next < to.length ? String(next) : null };
    }
    return;
  }
  if (store.listPagesFrom !== undefined) {
    for await (const { targets, cursor: next } of store.listPagesFrom(cursor ?? undefined)) yield { targets, cursor: next ?? null };
    return;
  }
  let pages = 0;
  for await (const targets of store.listPages?.() ?? pagesOf(store.list())) yield { targets, cursor: String(++pages) };
}

/** `targets` in pages of 100. */
async function* pagesOf(targets: AsyncIterable<NotificationTarget>): AsyncGenerator<NotificationTarget[]> {
  let page: NotificationTarget[] = [];
  for await (const target of targets) {
    page.push(target);
    if (page.length >= LIST_PAGE) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

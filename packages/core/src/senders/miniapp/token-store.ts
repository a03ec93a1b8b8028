import type { MiniAppEvent } from './types.js';

/**
 * Where to send one user's notifications from one Farcaster client: the `url` and `token` of that
 * client's `notificationDetails`. A token is unique per client, Mini App and user, so a user who
 * added the app in two clients has two targets, told apart by the client's `appFid`.
 */
export interface NotificationTarget {
  readonly fid: number;
  readonly appFid: number;
  readonly url: string;
  readonly token: string;
  /**
   * When this token from this client was first saved, in milliseconds since the epoch: the time the
   * user enabled notifications there. A store sets it on a save of a new token (the one given, else its
   * own clock) and keeps it on a save of the same token again; a target stored before stores kept it
   * reads without it, and stays without it (when it was enabled is unknown, so an `enabledSince` or
   * `enabledBefore` audience never reaches it).
   */
  readonly enabledAt?: number;
}

/**
 * The notification tokens a Mini App holds, kept up to date by its events through
 * {@link applyMiniAppEvent}: `memoryTokenStore()` for one process, `redisTokenStore({ client })`
 * from `@social-webhooks/redis` for several. Any object of this shape fits.
 */
export interface NotificationTokenStore {
  /**
   * Keeps `target`, replacing the one the user had from the same client (`fid` and `appFid`). Its
   * `enabledAt` is kept from the stored target when the token is the same (a client sending
   * `notifications_enabled` again), else set to `target.enabledAt` when given, else to now.
   */
  save(target: NotificationTarget): Promise<void>;
  /** Forgets the user's target from the client `appFid`, or from every client when `appFid` is left out. */
  delete(user: { readonly fid: number; readonly appFid?: number }): Promise<void>;
  /**
   * Forgets the user's token from the client `appFid` only if it is still `token`: a client said the
   * token is dead, and a newer one the user has since enabled must stay. Atomic in the stores this
   * library ships. Optional for other stores: without it, a sender reads the user's targets and
   * deletes the client's target when the token matches, which a save in between can race.
   * @returns whether a target was forgotten.
   */
  deleteToken?(target: { readonly fid: number; readonly appFid: number; readonly token: string }): Promise<boolean>;
  /** The user's targets, one per client, in no particular order; none when notifications are off. */
  get(fid: number): Promise<readonly NotificationTarget[]>;
  /** Every target, for a notification to all users; a store may read them in batches as they are iterated. */
  list(): AsyncIterable<NotificationTarget>;
  /**
   * The targets of {@link list}, a page at a time (a page of any size, a user's targets in one page).
   * Optional: a sender reads it when a store has it, with one `await` per page where `list()` costs
   * one per target, which is most of a broadcast's reading (the stores this library ships have it).
   */
  listPages?(): AsyncIterable<readonly NotificationTarget[]>;
  /**
   * The pages of {@link listPages}, each with the `cursor` that continues after it: given back, in
   * this process or another, it lists the pages that come after that one, so a broadcast killed midway
   * (`createBroadcasts`) is continued without reading again what was done. `cursor` is `undefined`
   * after the last page; `listPagesFrom()` without a cursor starts from the beginning. A user saved
   * while the store is listed may or may not be listed; one present throughout is listed at least once.
   * Optional: a broadcast reads a store without it from the start on every run (the limiter answers
   * `alreadySent` for whom it reached). The stores this library ships have it.
   */
  listPagesFrom?(cursor?: string): AsyncIterable<ResumablePage>;
}

/** A page of {@link NotificationTokenStore.listPagesFrom}: its targets, and the cursor that lists the pages after it. */
export interface ResumablePage {
  readonly targets: readonly NotificationTarget[];
  /** Given to `listPagesFrom`, lists the pages after this one; `undefined` after the last page. */
  readonly cursor: string | undefined;
}

/**
 * What a Mini App event means for the user's notification token, applied to `store`: `miniapp_added`
 * with `notificationDetails` and `notifications_enabled` save the token; `notifications_disabled`,
 * `miniapp_removed` and a `miniapp_added` without details (added with notifications off) delete the
 * client's token, which the client no longer honours (miniapps.farcaster.xyz, "Sending
 * Notifications"). So an `on` map is one line per event. A signed event carries no time, so a new
 * token's `enabledAt` is when the store saves it (its clock, now); the same token again keeps its own.
 *
 * @throws what the store throws (the handler's failure: 500, and the client retries).
 * @example
 * const tokens = memoryTokenStore();
 * webhookHandler({
 *   sender: miniAppSender({ verifyAppKey }),
 *   on: {
 *     miniapp_added: (event) => applyMiniAppEvent(tokens, event),
 *     miniapp_removed: (event) => applyMiniAppEvent(tokens, event),
 *     notifications_enabled: (event) => applyMiniAppEvent(tokens, event),
 *     notifications_disabled: (event) => applyMiniAppEvent(tokens, event),
 *   },
 * });
 */
export async function applyMiniAppEvent(store: NotificationTokenStore, event: MiniAppEvent): Promise<void> {
  const { fid, appFid } = event.data;
  const details =
    event.eventName === 'miniapp_added' || event.eventName === 'notifications_enabled' ? event.data.notificationDetails : undefined;
  if (details === undefined) await store.delete({ fid, appFid });
  else await store.save({ fid, appFid, url: details.url, token: details.token });
}

import type { MiniAppDeliveryRecord } from './miniapp-deliveries.js';
import type { MiniAppHost } from './miniapp-host.js';
import { firstIssue } from '../api/requests.js';
import { EmulatorError } from '../emulator-error.js';
import { notificationFaultsSchema, type ActiveNotificationFaults, type NotificationFaults } from './notification-faults.js';
import type { DeliveredNotification } from './notification-ledger.js';
import type { RefusedNotification } from './notification-refusals.js';
import { listUsers, type MiniAppUser } from './miniapp-users.js';
import type { IssuedToken } from './notification-tokens.js';
import type { ReceivedNotification } from './receive-notification.js';
import { sendMiniAppEvent, type MiniAppSendInit, type MiniAppSendResult } from './send-miniapp-event.js';

/**
 * The emulator as a Farcaster client and a hub, for a Mini App's backend: it signs and sends the
 * four Mini App events with an app key per user, lists those keys at `GET /v1/onChainSignersByFid`
 * (so `verifyAppKeyWithHub({ hubUrl: emulator.miniApp.hubUrl })` verifies its deliveries offline),
 * issues notification tokens, and receives the notifications sent with them.
 */
export interface MiniAppEmulator {
  /** The hub URL to give `verifyAppKeyWithHub({ hubUrl })`: the emulator's own. */
  readonly hubUrl: string;
  /**
   * Signs one event as the user `fid` in the client `appFid` and delivers it to `to`, with the
   * emulator's retries. Resolves once it is signed and on its way; wait for the answer with
   * {@link waitForDelivery}. @throws {EmulatorError} `invalid_request`.
   */
  send(init: MiniAppSendInit): Promise<MiniAppSendResult>;
  /** Every Mini App delivery, with its attempts, oldest first. */
  deliveries(): MiniAppDeliveryRecord[];
  /** One delivery, or `undefined`. */
  delivery(deliveryId: string): MiniAppDeliveryRecord | undefined;
  /** Resolves with the delivery once it has settled. @throws {EmulatorError} `unknown_delivery`, `wait_timeout`. */
  waitForDelivery(deliveryId: string, options?: { readonly timeoutMs?: number }): Promise<MiniAppDeliveryRecord>;
  /** The notification requests received, what each was answered, and whom it reached, oldest first. */
  notifications(): ReceivedNotification[];
  /**
   * What each user received (one row per user and notification, repeats counted, not shown), oldest
   * first; of one user when `fid` is given. `GET /_emulator/miniapp/received[?fid=N]` over HTTP.
   */
  received(fid?: number): DeliveredNotification[];
  /**
   * The users of the Mini Apps the emulator sent events to, by FID: each one's last event and the
   * tokens issued to them with their state (`enabled`, `disabled`, `removed`, `replaced`), each
   * token as its first characters only; of one user when `fid` is given.
   * `GET /_emulator/miniapp/users[?fid=N]` over HTTP.
   */
  users(fid?: number): MiniAppUser[];
  /**
   * What the notification route refused, oldest first: each token answered invalid, rate-limited or
   * `domain_mismatch`, and each request refused whole (malformed, a fault's 5xx), with when, whose
   * token (its first characters) and why; of one user when `fid` is given.
   * `GET /_emulator/miniapp/refused[?fid=N]` over HTTP.
   */
  refused(fid?: number): RefusedNotification[];
  /**
   * Sets the faults the notification route plays for its next `times` requests (default 1): a 5xx
   * `status`, a `delayMs` before answering, a 200 with a `brokenBody`; `undefined` clears them.
   * `PUT|DELETE /_emulator/miniapp/notifications/faults` over HTTP. @throws {EmulatorError} `invalid_request`.
   * @example emulator.miniApp.setNotificationFaults({ status: 503, times: 2 });
   */
  setNotificationFaults(faults: NotificationFaults | undefined): void;
  /** The notification faults still in force, with how many requests they apply to, or `undefined`. */
  notificationFaults(): ActiveNotificationFaults | undefined;
  /** The tokens issued, and whether each is still honoured, oldest first. */
  tokens(): IssuedToken[];
  /**
   * Removes the user's app keys, as a removal on chain would: the hub stops listing them, so a body
   * they signed is `app_key_invalid` once a receiver's cache forgets the key; the user's next event
   * is signed by a new key. Answers how many were removed.
   */
  removeKeys(fid: number): number;
}

/** The code-side API over the emulator's Mini App routes' state; `url` is the emulator's base URL. */
export function miniAppFacade(host: MiniAppHost, url: string): MiniAppEmulator {
  return {
    hubUrl: url,
    send: (init) => sendMiniAppEvent(host, init),
    deliveries: () => host.deliveries.list(),
    delivery: (deliveryId) => host.deliveries.get(deliveryId),
    waitForDelivery: (deliveryId, options = {}) => host.deliveries.wait(deliveryId, options.timeoutMs),
    notifications: () => host.inbox.map((notification) => ({ ...notification })),
    received: (fid) => host.ledger.received(fid),
    users: (fid) => listUsers(host.deliveries.list(), host.tokens.list(), fid),
    refused: (fid) => host.refusals.list(fid),
    setNotificationFaults(faults) {
      if (faults === undefined) return host.faults.set(undefined);
      const parsed = notificationFaultsSchema.safeParse(faults);
      if (!parsed.success) throw new EmulatorError('invalid_request', `notification faults: ${firstIssue(parsed.error)}.`);
      host.faults.set(parsed.data);
    },
    notificationFaults: () => host.faults.get(),
    tokens: () => host.tokens.list(),
    removeKeys: (fid) => host.keys.remove(fid),
  };
}

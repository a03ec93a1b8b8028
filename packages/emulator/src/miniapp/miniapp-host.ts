import type { ResolvedEmulatorOptions } from '../options.js';
import { MiniAppDeliveries } from './miniapp-deliveries.js';
import { MiniAppKeys } from './miniapp-keys.js';
import { NotificationFaultState } from './notification-faults.js';
import { NotificationLedger } from './notification-ledger.js';
import { NotificationRefusals } from './notification-refusals.js';
import { NotificationTokens } from './notification-tokens.js';
import type { NotificationInbox } from './receive-notification.js';

/** The hub route a Mini App's `verifyAppKeyWithHub({ hubUrl: emulator.url })` asks. */
export const HUB_SIGNERS_PATH = '/v1/onChainSignersByFid';
/** Where the tokens the emulator issues send notifications (`notificationDetails.url`). */
export const NOTIFICATIONS_PATH = '/_emulator/miniapp/notifications';
/** The emulator's own Mini App routes start here. */
export const MINI_APP_PREFIX = '/_emulator/miniapp/';

/**
 * The emulator as a Farcaster client and a hub for Mini Apps: the app keys it signs with (listed by
 * its hub route), the notification tokens it issued, the events it sent with their attempts, the
 * notifications Mini Apps sent it with what each user received and what it refused, and the faults
 * its notification route plays. In memory only, like the page's token: a restart starts afresh.
 */
export interface MiniAppHost extends NotificationInbox {
  readonly keys: MiniAppKeys;
  readonly deliveries: MiniAppDeliveries;
  readonly faults: NotificationFaultState;
  /** The domain a token is issued for when a send names none (`miniAppDomain`), or `null`. */
  readonly defaultDomain: string | null;
  /** The emulator's base URL, once it listens. */
  readonly baseUrl: () => string;
  /** Calls `listener` after each change the page shows (a delivery, a notification received or refused); answers how to stop. */
  subscribe(listener: () => void): () => void;
  /** Tells the listeners that something changed. */
  changed(): void;
}

/** The Mini App side of an emulator, with the emulator's retry options, log limit and notification limits. */
export function createMiniAppHost(options: ResolvedEmulatorOptions, baseUrl: () => string): MiniAppHost {
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const deliveries = new MiniAppDeliveries(options);
  deliveries.subscribe(changed);
  return {
    keys: new MiniAppKeys(),
    tokens: new NotificationTokens(options.logLimit),
    ledger: new NotificationLedger(options.notificationLimits, options.logLimit),
    refusals: new NotificationRefusals(options.logLimit),
    faults: new NotificationFaultState(),
    deliveries,
    inbox: [],
    limit: options.logLimit,
    defaultDomain: options.miniAppDomain,
    baseUrl,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    changed,
  };
}

import type { ResolvedEmulatorOptions } from '../options.js';
import { MiniAppDeliveries } from './miniapp-deliveries.js';
import { MiniAppKeys } from './miniapp-keys.js';
import { NotificationTokens } from './notification-tokens.js';
import type { ReceivedNotification } from './receive-notification.js';

/** The hub route a Mini App's `verifyAppKeyWithHub({ hubUrl: emulator.url })` asks. */
export const HUB_SIGNERS_PATH = '/v1/onChainSignersByFid';
/** Where the tokens the emulator issues send notifications (`notificationDetails.url`). */
export const NOTIFICATIONS_PATH = '/_emulator/miniapp/notifications';
/** The emulator's own Mini App routes start here. */
export const MINI_APP_PREFIX = '/_emulator/miniapp/';

/**
 * The emulator as a Farcaster client and a hub for Mini Apps: the app keys it signs with (listed by
 * its hub route), the notification tokens it issued, the events it sent with their attempts, and the
 * notifications Mini Apps sent it. In memory only, like the page's token: a restart starts afresh.
 */
export interface MiniAppHost {
  readonly keys: MiniAppKeys;
  readonly tokens: NotificationTokens;
  readonly deliveries: MiniAppDeliveries;
  /** The notifications received, oldest first, the newest `limit` kept. */
  readonly inbox: ReceivedNotification[];
  readonly limit: number;
  /** The emulator's base URL, once it listens. */
  readonly baseUrl: () => string;
}

/** The Mini App side of an emulator, with the emulator's retry options and log limit. */
export function createMiniAppHost(options: ResolvedEmulatorOptions, baseUrl: () => string): MiniAppHost {
  return {
    keys: new MiniAppKeys(),
    tokens: new NotificationTokens(options.logLimit),
    deliveries: new MiniAppDeliveries(options),
    inbox: [],
    limit: options.logLimit,
    baseUrl,
  };
}

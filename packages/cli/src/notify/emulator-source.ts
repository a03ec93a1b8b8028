import { memoryNotificationLimiter, memoryTokenStore } from '@social-webhooks/core';
import type { IssuedToken, MiniAppDeliveryRecord, ReceivedNotification } from '@social-webhooks/emulator';
import { emulatorRequest } from '../args/emulator-request.js';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import type { TokenSource } from './token-source.js';

const COMMAND = 'notify';

/**
 * The emulator's issued tokens that it still honours, in a memory store. The limiter starts from what
 * the emulator's inbox shows it delivered under `notificationId`, so a second run with the same
 * `--id` counts those users as already sent, as a shared record (Redis) would, and sends them nothing.
 */
export async function openEmulatorSource(
  context: CommandContext,
  baseUrl: string,
  notificationId: string,
  intervalMs: number | undefined,
): Promise<TokenSource> {
  checkHttpUrl(baseUrl, 'emulator');
  const scoped: CommandContext = { ...context, values: { ...context.values, 'base-url': baseUrl } };
  const { tokens } = (await emulatorRequest(scoped, COMMAND, 'GET', '/_emulator/miniapp/tokens')) as { tokens: IssuedToken[] };
  const { notifications } = (await emulatorRequest(scoped, COMMAND, 'GET', '/_emulator/miniapp/notifications')) as {
    notifications: ReceivedNotification[];
  };
  const { deliveries } = (await emulatorRequest(scoped, COMMAND, 'GET', '/_emulator/miniapp/deliveries')) as {
    deliveries: MiniAppDeliveryRecord[];
  };
  const store = memoryTokenStore();
  // Oldest first: a user's newer token from the same client replaces the older.
  // Each enabled when the emulator issued it, so --enabled-since reads the emulator's times.
  for (const { fid, appFid, url, token, state, issuedAt } of tokens) {
    const enabledAt = Date.parse(issuedAt);
    if (state === 'enabled') await store.save({ fid, appFid, url, token, ...(Number.isSafeInteger(enabledAt) && { enabledAt }) });
  }
  const limiter = memoryNotificationLimiter(intervalMs === undefined ? {} : { intervalMs });
  const delivered = notifications
    .filter(({ request }) => request.notificationId === notificationId)
    .flatMap(({ recipients }) => recipients.map(({ fid, appFid, token }) => ({ fid, appFid, token })));
  await limiter.confirm(notificationId, delivered);
  // A memory store and limiter fail only on a bug, which stays one (exit code 70 with its stack).
  return {
    where: `the emulator at ${baseUrl}`,
    store,
    limiter,
    noTokenReason: lastEventReasons(deliveries),
    failure: (error) => error,
    close: async () => undefined,
  };
}

/** What the user's last event the emulator sent says about their missing token. */
const NO_TOKEN_BECAUSE: Record<MiniAppDeliveryRecord['eventName'], string> = {
  miniapp_removed: 'removed the Mini App',
  notifications_disabled: 'turned notifications off',
  miniapp_added: 'added the Mini App with notifications off',
  notifications_enabled: 'their token was replaced or is no longer honoured',
};

/** Why each user the emulator sent events for holds no token, from the last event sent for them (its log lists the oldest first). */
function lastEventReasons(deliveries: readonly MiniAppDeliveryRecord[]): (fid: number) => string {
  const last = new Map<number, MiniAppDeliveryRecord>();
  for (const delivery of deliveries) last.set(delivery.fid, delivery);
  return (fid) => {
    const delivery = last.get(fid);
    return delivery === undefined ? 'the emulator sent no event for this user' : NO_TOKEN_BECAUSE[delivery.eventName];
  };
}

/** Checks that `text` is an absolute http(s) URL. */
export function checkHttpUrl(text: string, flag: string): void {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new CliError('usage_error', `--${flag} expects an http(s) URL such as http://127.0.0.1:4010, got ${JSON.stringify(text)}`, {
      command: COMMAND,
    });
  }
}

import { z } from 'zod';
import { MINI_APP_EVENT_NAMES, type MiniAppEventName, type NotificationDetails } from '@social-webhooks/core';
import { DEFAULT_SIGNER_APP_FID, type MiniAppPayload } from '@social-webhooks/core/samples';
import { firstIssue } from '../api/requests.js';
import { EmulatorError } from '../emulator-error.js';
import { NOTIFICATIONS_PATH, type MiniAppHost } from './miniapp-host.js';
import { checkedDomain } from './notification-limits.js';
import type { TokenOwner } from './notification-tokens.js';

/** What to send: one Mini App event, from one user in one client, to one Mini App. */
export interface MiniAppSendInit {
  /** The Mini App's `webhookUrl` (http or https). */
  readonly to: string;
  readonly event: MiniAppEventName;
  /** The user. */
  readonly fid: number;
  /** The Farcaster client's FID, which registered the user's app key. Default 9152. */
  readonly appFid?: number;
  /** `miniapp_added` only: whether the user added the app with notifications on. Default `true`. */
  readonly notifications?: boolean;
  /**
   * `miniapp_added`, `notifications_enabled`: details to send instead of a token the emulator issues
   * (then its notification route does not honour them). Default: a fresh token, with the emulator's
   * notification route as `url`.
   */
  readonly notificationDetails?: NotificationDetails;
  /**
   * The Mini App's domain (`app.example.com`), recorded on the token issued: a notification sent
   * with it must have its `targetUrl` on this host, or the token is answered in `failedTokens` with
   * `domain_mismatch`. Default: the emulator's `miniAppDomain`, or none (not checked).
   */
  readonly domain?: string;
}

/** What was sent: the delivery's id, who signed it, and the payload signed. */
export interface MiniAppSendResult {
  readonly deliveryId: string;
  readonly event: MiniAppEventName;
  readonly fid: number;
  readonly appFid: number;
  /** The user's app key that signed the body; the emulator's hub route lists it. */
  readonly appKey: string;
  readonly payload: MiniAppPayload;
}

const CARRY_DETAILS: readonly string[] = ['miniapp_added', 'notifications_enabled'];

const sendSchema = z
  .strictObject({
    to: z.url({ protocol: /^https?$/, error: "to must be the Mini App's webhookUrl, an http or https URL" }),
    event: z.enum(MINI_APP_EVENT_NAMES),
    fid: z.number().int().positive(),
    appFid: z.number().int().nonnegative().optional(),
    notifications: z.boolean().optional(),
    notificationDetails: z.strictObject({ url: z.string().min(1), token: z.string().min(1) }).optional(),
    domain: z.string().optional(),
  })
  .superRefine((init, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (init.notificationDetails !== undefined && !CARRY_DETAILS.includes(init.event))
      issue('notificationDetails', `${init.event} carries no notificationDetails; only miniapp_added and notifications_enabled do`);
    if (init.notifications !== undefined && init.event !== 'miniapp_added')
      issue('notifications', 'is for miniapp_added only: whether the user added the app with notifications on');
    if (init.notifications === false && init.notificationDetails !== undefined)
      issue('notificationDetails', 'is not sent when notifications is false');
    if (init.domain !== undefined) {
      try {
        checkedDomain(init.domain, (message) => {
          throw new Error(message);
        });
      } catch (error) {
        issue('domain', (error as Error).message);
      }
    }
  });

/**
 * Signs one Mini App event with the user's app key (made on first use; the hub route lists it) and
 * delivers it to `to`. What it does to the user's notification token is what a client does:
 * `miniapp_added` (notifications on) and `notifications_enabled` issue a fresh one, which replaces
 * the old; `notifications_disabled` and `miniapp_added` with notifications off disable it, and
 * `miniapp_removed` ends it as removed (miniapps.farcaster.xyz, "Sending Notifications").
 * @throws {EmulatorError} `invalid_request`, saying which field is wrong.
 */
export async function sendMiniAppEvent(host: MiniAppHost, body: unknown): Promise<MiniAppSendResult> {
  const parsed = sendSchema.safeParse(body);
  if (!parsed.success) {
    throw new EmulatorError(
      'invalid_request',
      `${firstIssue(parsed.error)}; send { to, event, fid, appFid?, notifications?, notificationDetails?, domain? }.`,
    );
  }
  const init = parsed.data;
  const appFid = init.appFid ?? DEFAULT_SIGNER_APP_FID;
  const signer = await host.keys.signerFor(init.fid, appFid);
  const payload = payloadFor(host, init, { fid: init.fid, appFid, webhookUrl: init.to });
  const deliveryId = host.deliveries.deliver({
    eventName: init.event,
    endpoint: init.to,
    fid: init.fid,
    appFid,
    appKey: signer.appKey,
    body: JSON.stringify(await signer.sign(payload)),
  });
  return { deliveryId, event: init.event, fid: init.fid, appFid, appKey: signer.appKey, payload };
}

function payloadFor(host: MiniAppHost, init: z.output<typeof sendSchema>, owner: TokenOwner): MiniAppPayload {
  const details = (): NotificationDetails => {
    if (init.notificationDetails !== undefined) {
      host.tokens.end(owner, 'replaced');
      return init.notificationDetails;
    }
    const domain = init.domain === undefined ? host.defaultDomain : init.domain.toLowerCase();
    const issued = host.tokens.issue(owner, host.baseUrl() + NOTIFICATIONS_PATH, domain);
    return { url: issued.url, token: issued.token };
  };
  if (init.event === 'notifications_enabled') return { event: init.event, notificationDetails: details() };
  if (init.event === 'miniapp_added' && init.notifications !== false) return { event: init.event, notificationDetails: details() };
  host.tokens.end(owner, init.event === 'miniapp_removed' ? 'removed' : 'disabled');
  return { event: init.event };
}

import type { z } from 'zod';
import type { MiniAppEventName } from './event-names.js';
import type { miniAppDataSchemas, notificationDetailsSchema } from './schemas.js';

/** Where to send a user's notifications (`url`) and the token that permits it (`token`). */
export type NotificationDetails = z.output<typeof notificationDetailsSchema>;

/** What each Mini App event carries: the user's `fid`, the client's `appFid`, the signing `appKey`, and the notification details where the event has them. */
export type MiniAppEventData = { readonly [Name in MiniAppEventName]: Readonly<z.output<(typeof miniAppDataSchemas)[Name]>> };

/**
 * A verified Mini App event. A union over the names, so `switch (event.eventName)` narrows `data`:
 * `data.notificationDetails` is required on `notifications_enabled`, optional on `miniapp_added`,
 * absent from the other two.
 */
export type MiniAppEvent<Name extends MiniAppEventName = MiniAppEventName> = {
  [N in Name]: { readonly eventName: N; readonly data: MiniAppEventData[N] };
}[Name];

/** The Mini App events by name: the event map of `miniAppSender()`, which types the `on` map. */
export type MiniAppEvents = { readonly [Name in MiniAppEventName]: MiniAppEvent<Name> };

/**
 * The events a Farcaster client sends to a Mini App's `webhookUrl` (docs/contract.md §Senders, Mini
 * App events): the user added or removed the app, enabled or disabled its notifications. Other names
 * may appear; the receiver answers them 200 and hands them to `onUnknownEvent`.
 */
export const MINI_APP_EVENT_NAMES = ['miniapp_added', 'miniapp_removed', 'notifications_enabled', 'notifications_disabled'] as const;

/** One of the four Mini App events. */
export type MiniAppEventName = (typeof MINI_APP_EVENT_NAMES)[number];

/** Whether `name` is one of the four Mini App events. */
export function isMiniAppEventName(name: string): name is MiniAppEventName {
  return (MINI_APP_EVENT_NAMES as readonly string[]).includes(name);
}

/**
 * The event a payload names, its legacy name mapped as the reference (`@farcaster/miniapp-node`
 * 0.2.0, `webhook.js`) maps it: Mini Apps were called Frames, and a client may still say so.
 * `frame_add_rejected` becomes `miniapp_add_rejected`, which is none of the four (an unknown event).
 */
export function currentEventName(name: string): string {
  // A switch, not a lookup in an object: `constructor` must not find Object's.
  switch (name) {
    case 'frame_added':
      return 'miniapp_added';
    case 'frame_removed':
      return 'miniapp_removed';
    case 'frame_add_rejected':
      return 'miniapp_add_rejected';
    default:
      return name;
  }
}

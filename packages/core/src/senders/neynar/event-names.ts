/**
 * The event types Neynar delivers: the keys of a webhook's `subscription` (docs.neynar.com,
 * "publish-webhook"; the `type` of each body in `@neynar/nodejs-sdk`'s `build/types/webhooks.d.ts`).
 * One webhook may subscribe to several. Other names may appear later; the receiver answers them 200
 * and hands them on unvalidated.
 */
export const NEYNAR_EVENT_NAMES = [
  'cast.created',
  'cast.deleted',
  'user.created',
  'user.updated',
  'follow.created',
  'follow.deleted',
  'reaction.created',
  'reaction.deleted',
  'trade.created',
] as const;

/** One of Neynar's documented event types. */
export type NeynarEventName = (typeof NEYNAR_EVENT_NAMES)[number];

/** Whether `name` is one of Neynar's documented event types. */
export function isNeynarEventName(name: unknown): name is NeynarEventName {
  // A scan of nine names, not a Set, as schema/event-names.ts does: the name comes fresh from
  // JSON.parse on every delivery, and a Set lookup would hash it each time.
  return typeof name === 'string' && (NEYNAR_EVENT_NAMES as readonly string[]).includes(name);
}

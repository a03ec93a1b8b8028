/**
 * The event types the service delivers (docs/contract.md §Events). A webhook listens to exactly one of them.
 * Other names may appear later; the receiver answers them 200 and hands them to `onUnknownEvent`.
 */
export const EVENT_NAMES = ['profile.created', 'profile.updated', 'follow.created', 'follow.deleted'] as const;

/** One of the four documented event types. */
export type EventName = (typeof EVENT_NAMES)[number];

/** Whether `name` is one of the documented event types. */
export function isEventName(name: unknown): name is EventName {
  // A scan of four names, not a Set: the name comes fresh from JSON.parse on every delivery, and a
  // Set lookup would hash it each time, which costs more than comparing it with four strings.
  return typeof name === 'string' && (EVENT_NAMES as readonly string[]).includes(name);
}

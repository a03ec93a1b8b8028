/** What marks an event a replay handed to a handler: which archived delivery, and when. */
export interface ReplayMark {
  /** The archived delivery's id (`ArchivedDelivery.id`). */
  readonly of: string;
  /** When the replay ran it, in ms since the epoch. */
  readonly at: number;
  /** Whether the replay was forced (`force: true`): the event may have been handled before. */
  readonly forced: boolean;
}

// A registered symbol: two copies of the package (ESM and CommonJS) read the same mark.
const MARK = Symbol.for('social-webhooks.replay');

/**
 * Whether a handler's event is a replay, and of which archived delivery: `undefined` for a first
 * delivery. The mark is a property no JSON sees (a symbol), so the event's data and its
 * serialisation are those of the first delivery.
 *
 * @example
 * on: {
 *   'cast.created': (event) => {
 *     const replay = replayOf(event);
 *     if (replay !== undefined) console.log(`replay of ${replay.of}`);
 *   },
 * }
 */
export function replayOf(event: object): ReplayMark | undefined {
  const mark = (event as { [MARK]?: unknown })[MARK];
  return typeof mark === 'object' && mark !== null ? (mark as ReplayMark) : undefined;
}

/** Marks `event` (a fresh object of the replay's) as a replay. */
export function markReplay<Event extends object>(event: Event, mark: ReplayMark): Event {
  Object.defineProperty(event, MARK, { value: Object.freeze({ ...mark }), enumerable: false });
  return event;
}

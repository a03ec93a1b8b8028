import { handOff, type HandoffAnswer } from '../handoff/hand-off.js';
import { runHandler } from '../handler/run-handler.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { AnyEvent, ReceivedEvent } from '../senders/sender.js';
import type { ArchivedDelivery } from '../archive/delivery-archive.js';
import { markReplay, type ReplayMark } from '../archive/replay-mark.js';

/** How one archived delivery is run again: forced or not, under which replay run, with which handler context. */
export interface ReplayRun {
  readonly force: boolean;
  /** The replay run's name (its checkpoint's): a forced replay claims a key of its own per run. */
  readonly run: string;
  /** The second argument handlers get; a replay has no request. */
  readonly context: unknown;
  readonly at: number;
}

/**
 * Runs an archived delivery through today's handlers (the receiver's `on` map) or its hand-off,
 * without the sender's check: its bytes were verified when it was archived, and the event read
 * then is what runs. Dedupe is respected: the record's delivery key is claimed as a delivery's
 * would be (a key handled before answers `duplicate`, and runs nothing), or, for a delivery no key
 * identifies, a key of the archived record's own, so a replay run again runs it once. `force`
 * claims a key of the run's own instead, and so runs it again. Waits for the handler's outcome
 * whatever `respondWithin` says. Through a hand-off that has `enqueueReplay`, a job kept under the
 * key as failed runs again, and one waiting, running or completed is left (`skipped`).
 * Never rejects.
 */
export async function replayDelivery<Context>(
  resolved: ResolvedOptions<Context>,
  archived: ArchivedDelivery,
  run: ReplayRun,
): Promise<HandoffAnswer> {
  const { sender } = resolved;
  const mark: ReplayMark = { of: archived.id, at: run.at, forced: run.force };
  const event = markReplay(JSON.parse(JSON.stringify(archived.event)) as AnyEvent, mark);
  const own = `${archived.deliveryKey ?? `${sender.keyPrefix}${event.eventName}`}:replay:${archived.id}`;
  const key = run.force ? `${own}:${run.run}` : (archived.deliveryKey ?? own);
  const body = { kind: 'bytes', bytes: archived.body } as const;
  if (resolved.handoff !== undefined) {
    return handOff(resolved.handoff, { event, body, deliveryId: undefined, carrier: {}, sender, key, replay: mark }, resolved.logger);
  }
  const received: ReceivedEvent = { known: sender.eventNames.includes(event.eventName), event } as ReceivedEvent;
  const answer = await runHandler(resolved, { received, body, context: run.context as Context, deliveryId: undefined, key });
  if (!('result' in answer)) return answer;
  return answer.settled === undefined ? answer.result : answer.settled;
}

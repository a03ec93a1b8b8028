import { deliveryKey, type KeyRule } from '../dedupe/delivery-key.js';
import { withTimeout } from '../dedupe/with-timeout.js';
import type { ReadBody } from '../delivery.js';
import { WebhookError } from '../errors.js';
import type { AnyEvent } from '../schema/types.js';
import type { ResolvedLogger } from '../observe/logger.js';
import { failure, success, type ReceiveResult } from '../result.js';
import type { Handoff, HandoffJob, ReplayEnqueueOutcome } from './handoff.js';
import type { ReplayMark } from '../archive/replay-mark.js';

/** The `handoff` option checked, its timeout resolved. */
export interface ResolvedHandoff {
  readonly handoff: Handoff;
  readonly timeoutMs: number;
}

/** What the receiver knows of a delivery when it hands it off. */
export interface HandoffInput {
  readonly event: AnyEvent;
  readonly body: ReadBody;
  readonly deliveryId: string | undefined;
  readonly carrier: Readonly<Record<string, string>>;
  /** The sender: its name goes with the job, its key rule keys it. */
  readonly sender: KeyRule & { readonly name: string };
  /** The job's key instead of the one the delivery gives, and the replay mark: a replay's (docs/archive.md). */
  readonly key?: string | undefined;
  readonly replay?: ReplayMark | undefined;
}

/**
 * The hand-off's answer. A replay's job the hand-off left (`enqueueReplay` found it waiting,
 * running or completed) says so in `skipped`: the replay counts it skipped.
 */
export type HandoffAnswer = ReceiveResult & { readonly skipped?: 'already_queued' | 'already_handled' };

const UNAVAILABLE = 'The receiver could not store the delivery for processing. Retry later.';

/**
 * The hand-off step, in place of the handler step when `handoff` is set (docs/contract.md
 * §Statuses gives the other answers). Stores a delivery through the `handoff` option and answers 202 `queued` once it is stored, or
 * 503 `queue_unavailable` when it failed or took longer than `timeoutMs`: the service then
 * retries, and the delivery key keeps a late store and the retry from becoming two jobs. Never
 * rejects.
 */
export async function handOff(resolved: ResolvedHandoff, input: HandoffInput, logger: ResolvedLogger): Promise<HandoffAnswer> {
  const { event } = input;
  let stored: ReplayEnqueueOutcome = 'queued';
  try {
    // A delivery nothing identifies (identical bodies can be different events) is a job of its own.
    const key =
      input.key ??
      (await deliveryKey({ key: undefined }, event, input.body, input.deliveryId, input.sender)) ??
      `${input.sender.keyPrefix}${event.eventName}:once:${crypto.randomUUID()}`;
    const common = { event, key, carrier: input.carrier, receivedAt: Date.now(), sender: input.sender.name };
    const job = input.replay === undefined ? common : { ...common, replay: input.replay };
    stored = await withTimeout(
      () => store(resolved.handoff, job),
      resolved.timeoutMs,
      () =>
        new WebhookError(
          'queue_unavailable',
          `@social-webhooks/core: the handoff's enqueue took longer than timeoutMs (${resolved.timeoutMs} ms).`,
        ),
    );
  } catch (error) {
    logger.error('social-webhooks: the handoff failed to store a delivery; answered 503 so the service retries.', {
      eventName: event.eventName,
      error,
    });
    return failure('queue_unavailable', UNAVAILABLE, event.eventName);
  }
  if (stored === 'already_handled') return { ...success('duplicate', event.eventName), skipped: stored };
  if (stored === 'already_queued') return { ...success('queued', event.eventName), skipped: stored };
  return success('queued', event.eventName);
}

/** A replay's job through `enqueueReplay` where the hand-off has it (a job kept under its key runs again), else `enqueue`. */
async function store(handoff: Handoff, job: HandoffJob): Promise<ReplayEnqueueOutcome> {
  if (job.replay !== undefined && handoff.enqueueReplay !== undefined) return handoff.enqueueReplay(job);
  await handoff.enqueue(job);
  return 'queued';
}

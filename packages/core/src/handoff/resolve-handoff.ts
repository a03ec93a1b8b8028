import { WebhookError } from '../errors.js';
import { DEFAULT_HANDOFF_TIMEOUT_MS, type Handoff } from './handoff.js';
import type { ResolvedHandoff } from './hand-off.js';

/** The options that exclude a hand-off: whether each was given. */
export interface HandoffExclusions {
  readonly on: boolean;
  readonly dedupe: boolean;
  readonly respondWithin: boolean;
}

/**
 * Resolves the `handoff` option. Handlers then run in the queue's worker, so `on`, `dedupe` and
 * `respondWithin` are refused beside it rather than silently ignored.
 * @throws {WebhookError} `invalid_options`, saying what to pass instead.
 */
export function resolveHandoff(handoff: Handoff | undefined, given: HandoffExclusions, source: string): ResolvedHandoff | undefined {
  if (handoff === undefined) return undefined;
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${source}: \`handoff\` ${message}`);
  };
  if (typeof handoff?.enqueue !== 'function')
    fail('must have an enqueue method, such as bullmqHandoff({ queue }) from @social-webhooks/bullmq.');
  if (handoff.enqueueReplay !== undefined && typeof handoff.enqueueReplay !== 'function')
    fail(
      "has an enqueueReplay that is not a function: leave it out (a replay then goes through enqueue), or give bullmqHandoff({ queue })'s.",
    );
  if (given.on) fail("runs handlers in the queue's worker: move `on` to the worker (webhookWorker({ on })) and leave it out here.");
  if (given.dedupe) fail('dedupes by itself (the job id is the delivery key): leave `dedupe` out.');
  if (given.respondWithin) fail('answers as soon as the event is stored: leave `respondWithin` out.');
  const timeoutMs = handoff.timeoutMs ?? DEFAULT_HANDOFF_TIMEOUT_MS;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1) {
    fail(
      `timeoutMs must be a positive whole number of milliseconds (default ${DEFAULT_HANDOFF_TIMEOUT_MS}); got ${String(handoff.timeoutMs)}.`,
    );
  }
  return { handoff, timeoutMs };
}

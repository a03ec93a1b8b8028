import type { Delivery, ReadBody } from './delivery.js';
import type { ReceiveResult, Step } from './result.js';
import { createReporter } from './observe/create-reporter.js';
import type { DeliveryReport } from './observe/delivery-report.js';
import { isIgnored } from './observe/logger.js';
import type { DeliveryScope } from './observe/instrumentation.js';
import { readDeliveryId } from './dedupe/delivery-id.js';
import { handOff, type HandoffAnswer } from './handoff/hand-off.js';
import { asRuntimeOptions, type WebhookOptions } from './options/options.js';
import { resolveOptions } from './options/resolve-options.js';
import type { EventMap, ReceivedEvent } from './senders/sender.js';
import type { AirstackEvents } from './senders/airstack/airstack-sender.js';
import { createBodyReader } from './body/read-body.js';
import type { Answer } from './handler/respond-within.js';
import { runHandler } from './handler/run-handler.js';
import { isThenable } from './is-thenable.js';
import { archiveOutcome } from './archive-step/archive-outcome.js';
import type { ArchivedDelivery } from './archive/delivery-archive.js';
import type { ResolvedArchive } from './archive/resolve-archive.js';
import { replayDelivery, type ReplayRun } from './archive-step/replay-delivery.js';

/** What the route ends with: an answer, or an answer with the handler's later outcome. */
type Outcome = ReceiveResult | Answer;

/** The framework-free receive path that every adapter drives. */
export interface WebhookReceiver<Context> {
  /**
   * The header that carries the sender's proof, lower-cased: an adapter hands its value over as
   * `Delivery.header`. `undefined` when the proof is in the body (Mini App events).
   */
  readonly header: string | undefined;
  /** The sender's name (`airstack`, `neynar`, `miniapp`). */
  readonly sender: string;
  /** The body limit in bytes. */
  readonly maxBodyBytes: number;
  /**
   * Whether the sender takes the body's JSON value alone (`SenderSteps.readsParsedBody`): an adapter
   * may then hand a body of declared length over as `{ kind: 'parsed' }`, read with the runtime's
   * own JSON read; otherwise it hands over the bytes.
   */
  readonly readsParsedBody: boolean;
  /** Checks, parses, validates and dispatches one delivery. Never rejects. */
  receive(delivery: Delivery<Context>): Promise<ReceiveResult>;
  /** The `archive` option, if given: where `replay()` reads from by default. */
  readonly archive: ResolvedArchive | undefined;
  /**
   * Runs an archived delivery again through today's handlers or hand-off, without the sender's
   * check and respecting dedupe (docs/archive.md); `replay()` drives it. Never rejects.
   */
  replay(delivery: ArchivedDelivery, run: ReplayRun): Promise<HandoffAnswer>;
}

/**
 * Builds the receive path for an adapter: options are checked here, once, so a mistake surfaces at
 * start-up rather than on the first delivery.
 *
 * @param source the package name that starts error messages, e.g. `@social-webhooks/express`.
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 */
export function createWebhookReceiver<Context, Events extends EventMap = AirstackEvents>(
  options: WebhookOptions<Context, Events>,
  source = '@social-webhooks/core',
): WebhookReceiver<Context> {
  const resolved = resolveOptions(asRuntimeOptions(options), source);
  const { checkHeader, readEvent } = resolved.steps;
  const readBody = createBodyReader(resolved.maxBodyBytes, resolved.bodyTimeoutMs);
  const report = createReporter(resolved.logger, resolved.onResult, resolved.sender.hints);

  const { instrumentation } = resolved;
  const deliveryStart = { sender: resolved.sender.name, eventNames: resolved.sender.eventNames };

  // A 2xx answer is reported only when someone listens for it: the default console logger logs
  // refusals and failures alone, so without `onResult` a handled delivery builds no report.
  const reportsSuccess = resolved.onResult !== undefined || !isIgnored(resolved.logger.info);
  // The default console logger prints no duration: without `onResult` or a logger of the user's,
  // no clock is read for a delivery.
  const timed = resolved.onResult !== undefined || (options.logger !== undefined && options.logger !== false);

  function receive(delivery: Delivery<Context>): Promise<ReceiveResult> {
    if (instrumentation !== undefined) return traced(delivery, instrumentation.startDelivery(deliveryStart));
    const started = timed ? performance.now() : NaN;
    // Without a scope, the route finishes its outcome where it reaches it: what comes back is the result.
    // Promise.resolve hands a promise of this realm back as it is.
    return Promise.resolve(check(delivery, undefined, started) as ReceiveResult | Promise<ReceiveResult>);
  }

  /** The answer, reported; a handler that outlasts it is kept alive, and reported when it settles. */
  function finish(delivery: Delivery<Context>, outcome: Outcome, started: number): ReceiveResult {
    const result = 'result' in outcome ? outcome.result : outcome;
    const settled = 'result' in outcome ? outcome.settled : undefined;
    if (report !== undefined && (reportsSuccess || result.status >= 400)) report(describe(result, started, false));
    if (settled !== undefined) {
      keepAlive(delivery, report === undefined ? settled : settled.then((late) => report(describe(late, started, true, result.eventName))));
    }
    return result;
  }

  /** With instrumentation: the route run in its delivery's span, which ends with the answer. */
  async function traced(delivery: Delivery<Context>, scope: DeliveryScope): Promise<ReceiveResult> {
    const started = performance.now();
    const outcome = await scope.run(() => check(delivery, scope, started));
    const { result, settled }: Answer = 'result' in outcome ? outcome : { result: outcome };
    const deliveryId = readDeliveryId(delivery.getHeader, resolved.deliveryIdHeaders);
    const answered = describe(result, started, false);
    report?.(answered);
    scope.end({ ...answered, deliveryId });
    if (settled !== undefined) {
      const reported = settled.then((late) => {
        const after = describe(late, started, true, result.eventName);
        report?.(after);
        scope.end({ ...after, deliveryId });
      });
      keepAlive(delivery, reported);
    }
    return result;
  }

  /**
   * The route, one step a line, each answering or going on (docs/contract.md §Statuses, in the
   * table's order): the sender's header check, the body, the sender's proof and event, the handler.
   * Each step's folder holds the file that decides its statuses (the sender's in `senders/`). With
   * `handoff`, the queue takes the handler's place. A step that answers at once goes on at once: only
   * the body read, a deferred secret, a sender's asynchronous proof and an async handler cost a turn
   * of the event loop. Without a scope, the outcome is finished (reported, its answer
   * taken out) where it is reached, in the same turn, rather than in a promise chained on after the
   * route; with one, `traced` finishes it inside the delivery's span.
   */
  function check(delivery: Delivery<Context>, scope: DeliveryScope | undefined, started: number): Outcome | Promise<Outcome> {
    const proof = checkHeader(delivery.header, delivery.getHeader);
    return isThenable(proof)
      ? Promise.resolve(proof).then((step) => afterHeader(delivery, scope, started, step))
      : afterHeader(delivery, scope, started, proof);
  }

  function afterHeader(
    delivery: Delivery<Context>,
    scope: DeliveryScope | undefined,
    started: number,
    proof: Step<unknown>,
  ): Outcome | Promise<Outcome> {
    if (!proof.ok) return end(delivery, scope, started, refused(proof.answer));
    const content = readBody(delivery);
    return isThenable(content)
      ? Promise.resolve(content).then((step) => endWhenSettled(delivery, scope, started, afterBody(delivery, scope, proof.value, step)))
      : endWhenSettled(delivery, scope, started, afterBody(delivery, scope, proof.value, content));
  }

  function endWhenSettled(
    delivery: Delivery<Context>,
    scope: DeliveryScope | undefined,
    started: number,
    outcome: Outcome | Promise<Outcome>,
  ): Outcome | Promise<Outcome> {
    return isThenable(outcome)
      ? Promise.resolve(outcome).then((settled) => end(delivery, scope, started, settled))
      : end(delivery, scope, started, outcome);
  }

  function end(delivery: Delivery<Context>, scope: DeliveryScope | undefined, started: number, outcome: Outcome): Outcome {
    return scope === undefined ? finish(delivery, outcome, started) : outcome;
  }

  function afterBody(
    delivery: Delivery<Context>,
    scope: DeliveryScope | undefined,
    proof: unknown,
    content: Step<ReadBody>,
  ): Outcome | Promise<Outcome> {
    if (!content.ok) return refused(content.answer);
    const event = readEvent(content.value, proof);
    return isThenable(event)
      ? Promise.resolve(event).then((step) => afterEvent(delivery, scope, content.value, step))
      : afterEvent(delivery, scope, content.value, event);
  }

  function afterEvent(
    delivery: Delivery<Context>,
    scope: DeliveryScope | undefined,
    body: ReadBody,
    event: Step<ReceivedEvent>,
  ): Outcome | Promise<Outcome> {
    if (!event.ok) return refused(event.answer);
    const deliveryId =
      resolved.dedupe === undefined && resolved.handoff === undefined && resolved.archive === undefined
        ? undefined
        : readDeliveryId(delivery.getHeader, resolved.deliveryIdHeaders);
    const outcome =
      resolved.handoff === undefined
        ? runHandler(resolved, { received: event.value, body, context: delivery.context, deliveryId })
        : handOff(
            resolved.handoff,
            { event: event.value.event, body, deliveryId, carrier: scope?.inject() ?? {}, sender: resolved.sender },
            resolved.logger,
          );
    // Without an archive, the outcome goes on as it is: no promise nor object is added to the route.
    if (resolved.archive === undefined) return outcome;
    const input = { delivery, body, event: event.value.event, deliveryId, sender: resolved.sender, key: resolved.dedupe?.key };
    return archiveOutcome(resolved.archive, input, outcome, resolved.logger);
  }

  /** A refusal before the event was read: counted by the archive, never kept (a forgery may be among them). */
  function refused(answer: ReceiveResult): ReceiveResult {
    resolved.archive?.store.countRefused(answer.code);
    return answer;
  }

  return {
    header: resolved.steps.header,
    sender: resolved.sender.name,
    maxBodyBytes: resolved.maxBodyBytes,
    // An archive keeps the bytes as received: the adapters then hand them over, never the runtime's JSON read.
    readsParsedBody: resolved.steps.readsParsedBody === true && resolved.archive === undefined,
    receive,
    archive: resolved.archive,
    replay: (archived, run) => replayDelivery(resolved, archived, run),
  };
}

/** One delivery's report: `eventName` is the answer's, which a late outcome may not carry. */
function describe(result: ReceiveResult, started: number, afterResponse: boolean, eventName = result.eventName): DeliveryReport {
  const durationMs = Number.isNaN(started) ? 0 : performance.now() - started;
  const report = { status: result.status, code: result.code, eventName, durationMs, afterResponse };
  const withHint = result.hint === undefined ? report : { ...report, hint: result.hint };
  return result.error === undefined ? withHint : { ...withHint, error: result.error };
}

/** Hands the work that outlasts an early answer to the runtime's `waitUntil`, where there is one. */
function keepAlive(delivery: Delivery<unknown>, work: Promise<unknown>): void {
  try {
    delivery.waitUntil?.(work);
  } catch {
    // A `waitUntil` outside its request scope throws; the work runs on regardless, which is all a
    // long-lived process needs.
    return;
  }
}

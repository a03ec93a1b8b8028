import { failure, success, type ReceiveResult } from '../result.js';
import { createSharedDeadline, type SharedDeadline } from '../shared-deadline.js';

/**
 * A delivery's answer, and, when `respondWithin` or `handlerTimeoutMs` answered before the handler
 * settled, the promise of how it settled (which never rejects).
 */
export interface Answer {
  readonly result: ReceiveResult;
  readonly settled?: Promise<ReceiveResult>;
}

/** The two bounds on a handler's time, in ms; `undefined` is no bound. */
export interface TimeBounds {
  readonly respondWithin: number | undefined;
  readonly handlerTimeoutMs: number | undefined;
}

const TIMED_OUT =
  'The handler did not settle within the handlerTimeoutMs option; it runs on, and its outcome goes to onError and the logger. Retry later.';

/**
 * Answers with `work`'s result if it settles in time, and otherwise leaves `work` running and
 * answers whichever bound passes first: `respondWithin`, 202 `accepted`; `handlerTimeoutMs`, 503
 * `handler_timeout`. The service's gateway gives up after a few seconds and delivers again
 * (docs/contract.md §Delivery semantics): a 202 stops that, at the price that a later failure can
 * no longer ask for a retry; a 503 asks for the retry, and frees the connection a handler that
 * never settles would otherwise hold for ever.
 */
export function answerInTime(settling: Promise<ReceiveResult>, bounds: TimeBounds, eventName: string): Promise<Answer> {
  const { respondWithin, handlerTimeoutMs } = bounds;
  if (respondWithin === undefined && handlerTimeoutMs === undefined) return settling.then((result) => ({ result }));
  // The earlier bound decides the answer; after it, the connection is free and nothing else is timed.
  const accept = respondWithin !== undefined && (handlerTimeoutMs === undefined || respondWithin <= handlerTimeoutMs);
  const ms = accept ? respondWithin : handlerTimeoutMs!;
  return (answers.get(ms) ?? answerWithin(ms))(
    settling,
    (result): Answer => ({ result }),
    (): Answer => ({
      result: accept ? success('accepted', eventName) : failure('handler_timeout', TIMED_OUT, eventName),
      settled: settling,
    }),
  );
}

// One shared deadline per bound, shared by every receiver with that bound: no timer per delivery.
const answers = new Map<number, SharedDeadline>();

function answerWithin(ms: number): SharedDeadline {
  const within = createSharedDeadline(ms);
  answers.set(ms, within);
  return within;
}

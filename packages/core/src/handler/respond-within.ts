import { failure, success, type ReceiveResult } from '../result.js';

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
export function answerInTime(work: Promise<ReceiveResult>, bounds: TimeBounds, eventName: string): Promise<Answer> {
  const { respondWithin, handlerTimeoutMs } = bounds;
  if (respondWithin === undefined && handlerTimeoutMs === undefined) return work.then((result) => ({ result }));
  // The earlier bound decides the answer; after it, the connection is free and nothing else is timed.
  const accept = respondWithin !== undefined && (handlerTimeoutMs === undefined || respondWithin <= handlerTimeoutMs);
  const ms = accept ? respondWithin : handlerTimeoutMs!;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      const result = accept ? success('accepted', eventName) : failure('handler_timeout', TIMED_OUT, eventName);
      resolve({ result, settled: work });
    }, ms);
    void work.then((result) => {
      clearTimeout(timer);
      resolve({ result });
    });
  });
}

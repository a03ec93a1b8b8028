import { success, type ReceiveResult } from '../result.js';

/**
 * A delivery's answer, and, when `respondWithin` answered before the handler settled, the promise of
 * how it settled (which never rejects).
 */
export interface Answer {
  readonly result: ReceiveResult;
  readonly settled?: Promise<ReceiveResult>;
}

/**
 * Answers with `work`'s result if it settles within `ms`, and otherwise with 202 `accepted`, leaving
 * `work` running. The service's gateway gives up after a few seconds (docs/contract.md §Delivery semantics) and would deliver
 * again; a 202 stops that, at the price that a later failure can no longer ask for a retry.
 */
export function respondWithin(work: Promise<ReceiveResult>, ms: number, eventName: string): Promise<Answer> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ result: success('accepted', eventName), settled: work }), ms);
    void work.then((result) => {
      clearTimeout(timer);
      resolve({ result });
    });
  });
}

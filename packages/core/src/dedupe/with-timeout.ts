import { settleWithin } from '../deadline.js';

/**
 * Settles like `run()`, or rejects with `onTimeout()` after `ms`. A store call that throws
 * synchronously rejects too; one that settles late is ignored, never an unhandled rejection.
 */
export function withTimeout<T>(run: () => Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  // `run` is called inside a promise job so a synchronous throw becomes a rejection, not an escape.
  return settleWithin(Promise.resolve().then(run), ms, (): never => {
    throw onTimeout();
  });
}

/** What {@link readWithin} hands back when the deadline passed first. */
export const TIMED_OUT: unique symbol = Symbol('timed out');

/**
 * Settles like `reading`, or with {@link TIMED_OUT} once `ms` have passed. A read that settles late
 * is dropped, its rejection included (the adapter closes the connection after a 408, which ends it).
 */
export function readWithin<T>(reading: Promise<T>, ms: number | undefined): Promise<T | typeof TIMED_OUT> {
  if (ms === undefined) return reading;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(TIMED_OUT), ms);
    reading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Settles like `settling`, or with what `onExpiry()` returns (rejecting if it throws) once `ms` have
 * passed, whichever comes first. The loser is dropped: a late value is ignored and a late rejection
 * is handled here, so it never surfaces as an unhandled rejection. The timer is cleared as soon as
 * `settling` settles, so an in-time result keeps no timer (and no process) alive.
 */
export function settleWithin<T, E>(settling: Promise<T>, ms: number, onExpiry: () => E): Promise<T | E> {
  return new Promise<T | E>((resolve, reject) => {
    const timer = setTimeout(() => {
      try {
        resolve(onExpiry());
      } catch (error) {
        reject(error);
      }
    }, ms);
    settling.then(
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

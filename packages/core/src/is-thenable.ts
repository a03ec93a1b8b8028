/**
 * Whether a value is a promise (or any thenable) and so must be awaited: the one check for a
 * promise in the core. Never `instanceof Promise`: a promise from another realm (Next.js's Edge
 * runtime hands its sandbox a `Request` whose `bytes()` answers a promise of the host's realm; a
 * `node:vm` context; an iframe) is not an instance of this realm's `Promise`, and taken for a value
 * it passes for the body itself (issue 33, item 12).
 */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as PromiseLike<unknown>).then === 'function'
  );
}

/** An object with a `waitUntil`, as a Worker's `ctx` (third argument of `fetch`) is. */
interface WaitUntilHolder {
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * Finds the runtime's `waitUntil` among the arguments a platform passes after the `Request`:
 * Cloudflare Workers call `fetch(request, env, ctx)`; Bun passes its server and Deno its connection
 * info, which have none. Work that outlasts the answer needs it on Workers, where the isolate may
 * stop once the response is sent.
 */
export function findWaitUntil(platform: readonly unknown[]): ((promise: Promise<unknown>) => void) | undefined {
  for (const argument of platform) {
    if (typeof argument === 'object' && argument !== null && typeof (argument as Partial<WaitUntilHolder>).waitUntil === 'function') {
      const holder = argument as WaitUntilHolder;
      return (promise) => holder.waitUntil(promise);
    }
  }
  return undefined;
}

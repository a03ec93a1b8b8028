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
export function findWaitUntil(env: unknown, ctx: unknown): ((promise: Promise<unknown>) => void) | undefined {
  const holder = hasWaitUntil(ctx) ? ctx : hasWaitUntil(env) ? env : undefined;
  return holder === undefined ? undefined : (promise) => holder.waitUntil(promise);
}

function hasWaitUntil(argument: unknown): argument is WaitUntilHolder {
  return typeof argument === 'object' && argument !== null && typeof (argument as Partial<WaitUntilHolder>).waitUntil === 'function';
}

/** A signal that aborts on the caller's signal or after `timeoutMs`, and remembers which. */
export interface Deadline {
  readonly signal: AbortSignal;
  /** Why the signal aborted, if it has. */
  readonly reason: () => 'timeout' | 'aborted' | undefined;
  /** Stops the timer and the listener; call it once the answer is read. */
  readonly dispose: () => void;
}

/**
 * Combines the client's timeout with a per-call signal. Written by hand rather than with
 * `AbortSignal.any` / `AbortSignal.timeout`, so that the cause (timeout or the caller) is known
 * exactly and the timer is cleared as soon as the call ends, in every runtime.
 */
export function startDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined): Deadline {
  const controller = new AbortController();
  let reason: 'timeout' | 'aborted' | undefined;
  const onAbort = () => {
    reason ??= 'aborted';
    controller.abort(callerSignal?.reason);
  };
  const timer = Number.isFinite(timeoutMs)
    ? setTimeout(() => {
        reason ??= 'timeout';
        controller.abort(new Error(`timed out after ${timeoutMs} ms`));
      }, timeoutMs)
    : undefined;
  if (callerSignal?.aborted) onAbort();
  else callerSignal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    reason: () => reason,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
    },
  };
}

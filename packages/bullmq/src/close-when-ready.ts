/** How long `close()` waits, at most, for a connection still being made before it closes anyway. */
export const CLOSE_READY_WAIT_MS = 2_000;

interface Connected {
  waitUntilReady(): Promise<unknown>;
}

/**
 * Whether `work` fulfils within `ms`: `true` when it does, `false` when `ms` pass first (it goes on);
 * it rejects when `work` rejects first. The timer never outlives the answer.
 */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits until each of `parts` (a BullMQ Worker or Queue) has its connection, at most `waitMs`, so
 * that closing one just made does not cut its first commands off: BullMQ then rejects them with
 * "Connection is closed" where nothing awaits them, an unhandled rejection at shutdown. While Redis is
 * away a connection never becomes ready; past `waitMs` the caller closes anyway, as before.
 */
export async function readyOrLate(parts: readonly Connected[], waitMs = CLOSE_READY_WAIT_MS): Promise<void> {
  await settlesWithin(Promise.allSettled(parts.map((part) => part.waitUntilReady())), waitMs);
}

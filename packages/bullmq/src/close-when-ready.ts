/** How long `close()` waits, at most, for a connection still being made before it closes anyway. */
export const CLOSE_READY_WAIT_MS = 2_000;

interface Connected {
  waitUntilReady(): Promise<unknown>;
}

/**
 * Waits until each of `parts` (a BullMQ Worker or Queue) has its connection, at most `waitMs`, so
 * that closing one just made does not cut its first commands off: BullMQ then rejects them with
 * "Connection is closed" where nothing awaits them, an unhandled rejection at shutdown. While Redis is
 * away a connection never becomes ready; past `waitMs` the caller closes anyway, as before.
 */
export async function readyOrLate(parts: readonly Connected[], waitMs = CLOSE_READY_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  const ready = Promise.allSettled(parts.map((part) => part.waitUntilReady())).then(() => undefined);
  await Promise.race([ready, late]);
  clearTimeout(timer);
}

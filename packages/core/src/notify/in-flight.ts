/**
 * At most `limit` tasks at once: `run` waits for a free slot before it starts a task (so a producer
 * that awaits it slows to the pace of the tasks), `drain` for every task started. A task's failure is
 * kept and thrown by `drain`.
 */
export class InFlight {
  readonly #running = new Set<Promise<void>>();
  #failure: { error: unknown } | undefined;

  constructor(readonly limit: number) {}

  async run(task: () => Promise<void>): Promise<void> {
    while (this.#running.size >= this.limit) await Promise.race(this.#running);
    const running: Promise<void> = task()
      .catch((error: unknown) => {
        this.#failure ??= { error };
      })
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  async drain(): Promise<void> {
    while (this.#running.size > 0) await Promise.race(this.#running);
    if (this.#failure !== undefined) throw this.#failure.error;
  }
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal === undefined) return new Promise((resolve) => setTimeout(resolve, ms));
  // Over at once when `signal` aborts: a send stopped does not sit out a rate limit's window.
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, signal.aborted ? 0 : ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

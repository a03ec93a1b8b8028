/**
 * At most `limit` tasks at once, and at most `perKey` of one key (a client URL): `run` waits for a
 * free slot before it starts a task (so a producer that awaits it slows to the pace of the tasks),
 * `drain` for every task started. A task's failure is kept and thrown by `drain`.
 */
export class InFlight {
  readonly #running = new Set<Promise<void>>();
  readonly #byKey = new Map<string, number>();
  #failure: { error: unknown } | undefined;

  constructor(
    readonly limit: number,
    readonly perKey: number = Infinity,
  ) {}

  async run(task: () => Promise<void>, key = ''): Promise<void> {
    while (this.#running.size >= this.limit || (this.#byKey.get(key) ?? 0) >= this.perKey) await Promise.race(this.#running);
    this.#byKey.set(key, (this.#byKey.get(key) ?? 0) + 1);
    const running: Promise<void> = task()
      .catch((error: unknown) => {
        this.#failure ??= { error };
      })
      .finally(() => {
        this.#running.delete(running);
        const left = this.#byKey.get(key)! - 1;
        if (left === 0) this.#byKey.delete(key);
        else this.#byKey.set(key, left);
      });
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

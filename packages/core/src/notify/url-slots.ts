/**
 * At most `perUrl` requests in flight to one client URL from this process, whoever starts them: a
 * notification worker's batch jobs run side by side (its `concurrency`), and this keeps any one
 * client from getting all of them. `run` waits its turn (first come, first served), runs the task,
 * and frees the slot however the task ends.
 */
export class UrlSlots {
  readonly #open = new Map<string, number>();
  readonly #waiting = new Map<string, (() => void)[]>();

  constructor(readonly perUrl: number) {}

  async run<T>(url: string, task: () => Promise<T>): Promise<T> {
    const open = this.#open.get(url) ?? 0;
    if (open >= this.perUrl) {
      // The slot is handed over by the task that frees it, so #open already counts this one.
      await new Promise<void>((resolve) => {
        const queue = this.#waiting.get(url);
        if (queue === undefined) this.#waiting.set(url, [resolve]);
        else queue.push(resolve);
      });
    } else this.#open.set(url, open + 1);
    try {
      return await task();
    } finally {
      this.#free(url);
    }
  }

  /** Requests in flight to `url` now. */
  open(url: string): number {
    return this.#open.get(url) ?? 0;
  }

  #free(url: string): void {
    const queue = this.#waiting.get(url);
    const next = queue?.shift();
    if (queue?.length === 0) this.#waiting.delete(url);
    if (next !== undefined) return next();
    const left = (this.#open.get(url) ?? 1) - 1;
    if (left === 0) this.#open.delete(url);
    else this.#open.set(url, left);
  }
}

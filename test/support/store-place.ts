import { beforeAll, describe } from 'vitest';

/**
 * A store on storage of its own (a fresh prefix, fresh tables): each call of what it answers is
 * one more instance of the store on that same storage, as another process would make. A memory
 * store answers the same instance each time.
 */
export type StorePlace<Store, Options> = (options?: Options) => (() => Store) | Promise<() => Store>;

/**
 * How a contract's lapse case lets a store's retention pass: a retention that a few calls take well
 * within, and a wait past it once the last write is done.
 */
export interface StoreLapse {
  /** The retention given to the store (its `keepMs` or `retentionMs`), in ms. */
  readonly ms: number;
  /** How long to wait after the last write (default `ms` + 150). */
  readonly waitMs?: number;
  /** How to wait (default a sleep): a memory store moves its clock on instead. */
  readonly wait?: (ms: number) => Promise<void>;
  /** The store's clock, for the times a case gives after the wait (default `Date.now`). */
  readonly now?: () => number;
}

/**
 * Makes a lapse case's first write as the enclosing describe starts (a beforeAll), so that its wait
 * runs beside the describe's other cases; `past()` then waits what is left of the lapse (from when
 * `start` resolved) and answers what `start` answered. Declare the lapse case last in the describe.
 */
export function lapseFromStart<T>(lapse: StoreLapse, start: () => Promise<T>): { past(): Promise<T> } {
  let started: { readonly value: T; readonly at: number } | undefined;
  beforeAll(async () => {
    const value = await start();
    started = { value, at: Date.now() };
  });
  return {
    async past() {
      if (started === undefined) throw new Error('the lapse case ran without its first write (its beforeAll failed)');
      const ms = lapse.waitMs ?? lapse.ms + 150;
      if (lapse.wait !== undefined) await lapse.wait(ms);
      else await new Promise((resolve) => setTimeout(resolve, Math.max(0, started!.at + ms - Date.now())));
      return started.value;
    },
  };
}

/** A clock for a memory store's `now` option, moved on by `wait` rather than by sleeping. */
export function movedClock(): { readonly now: () => number; readonly wait: (ms: number) => Promise<void> } {
  let ahead = 0;
  return {
    now: () => Date.now() + ahead,
    wait: (ms) => {
      ahead += ms;
      return Promise.resolve();
    },
  };
}

/** How a contract runs its cases on a store. */
export interface ContractRun {
  /**
   * Its cases at once (each on storage of its own): for a store whose every call is a round trip
   * that waits (D1 and a Durable Object through Miniflare's proxies, PostgreSQL), not for one that
   * shares a clock it moves (memory). Default false.
   */
  readonly concurrent?: boolean;
}

/** `describe`, or `describe.concurrent` when `run` says so. */
export function contractDescribe(run: ContractRun): (name: string, cases: () => void) => void {
  return (name, cases) => (run.concurrent === true ? describe.concurrent(name, cases) : describe(name, cases));
}

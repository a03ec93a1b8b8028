import type { Broadcasts, FetchLike } from '@social-webhooks/core';
import type { StandInClient } from './notification-client.js';

// What the resumable broadcast tests share: a notification, a slow fetch, the client's count, runs until done.

/** A notification of id `id` on the app's domain. */
export const notificationOf = (id: string) => ({
  notificationId: id,
  title: 'Digest',
  body: 'A broadcast run again until done',
  targetUrl: 'https://app.example.com/d',
});

/** A `fetch` whose every request reaches the client `delayMs` late, as over a slow connection, noting when each started. */
export function slowFetch(delayMs: number, started: number[] = []): FetchLike {
  return async (input, init) => {
    started.push(Date.now());
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return fetch(input, init);
  };
}

/** How many times the client delivered `notificationId` to each of `fids`. */
export const deliveriesOf = (client: StandInClient, notificationId: string, fids: readonly number[]): number[] =>
  fids.map((fid) => client.delivered.get(`${fid}:${notificationId}`) ?? 0);

/** Runs `broadcasts` with `timeLimitMs` until done; the number of runs it took. */
export async function runUntilDone(broadcasts: Broadcasts, timeLimitMs: number, id?: string): Promise<number> {
  for (let runs = 1; runs <= 200; runs++) {
    if ((await broadcasts.run(id === undefined ? { timeLimitMs } : { timeLimitMs, id })).done) return runs;
  }
  throw new Error('not done after 200 runs');
}

/** Refuses any target but 127.0.0.1, so a typo can never point a load run at a real host. */
export function assertLoopback(url: string): void {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error(`load runs only target 127.0.0.1, not ${url}`);
}

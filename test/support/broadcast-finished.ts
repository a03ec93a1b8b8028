import type { NotificationBroadcaster } from '@social-webhooks/bullmq';
import { expect } from 'vitest';
import { eventually } from './queue-processes.js';

/** Reads the broadcast's progress until it is done (failing the test after `ms`), and returns that first done reading. */
export async function finished(broadcaster: NotificationBroadcaster, id: string, ms = 20_000) {
  let last: Awaited<ReturnType<NotificationBroadcaster['progress']>>;
  const done = await eventually(() => {
    void broadcaster.progress(id).then((progress) => (last = progress));
    return last?.done === true;
  }, ms);
  expect(done, JSON.stringify(last)).toBe(true);
  return last!;
}

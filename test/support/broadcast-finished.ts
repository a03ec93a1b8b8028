import type { NotificationBroadcaster } from '@social-webhooks/bullmq';
import { expect } from 'vitest';
import { pollUntil } from './queue-processes.js';

/** Reads the broadcast's progress until it is done (failing the test after `ms`), and returns that first done reading. */
export async function finished(broadcaster: NotificationBroadcaster, id: string, ms = 20_000) {
  const last = await pollUntil(
    () => broadcaster.progress(id),
    (progress) => progress?.done === true,
    ms,
  );
  expect(last?.done, JSON.stringify(last)).toBe(true);
  return last!;
}

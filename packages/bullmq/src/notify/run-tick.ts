import type { Job } from 'bullmq';
import { checkNotification } from '@social-webhooks/core';
import type { PlanJobData, TickJobData } from './broadcast-data.js';
import { tickNotificationId } from './broadcast-schedules.js';
import { broadcastId } from './job-audience.js';
import { queueBroadcast, type BroadcastQueueing } from './queue-broadcast.js';

/**
 * A schedule's tick: queues the broadcast of its notification under `<schedule>-<tick time>`. The tick
 * time comes from the job's id (`repeat:<schedule>:<ms>`, as BullMQ 5 and 6 name a scheduler's jobs),
 * so a tick job run again queues the same broadcast, which adds nothing.
 */
export async function runTick(job: Job<TickJobData>, queueing: BroadcastQueueing): Promise<{ id: string; added: boolean }> {
  const { schedule, to, expiresInMs } = job.data;
  const tick = tickTime(job);
  const notification = checkNotification(
    { ...job.data.notification, notificationId: tickNotificationId(schedule, tick) },
    undefined,
    '@social-webhooks/bullmq: a schedule tick',
  );
  const id = broadcastId(notification.notificationId, to);
  const plan: PlanJobData = { type: 'plan', id, notification, to, ...(expiresInMs !== undefined && { expiresAt: tick + expiresInMs }) };
  const { added } = await queueBroadcast(queueing, plan, undefined, Date.now());
  return { id, added };
}

function tickTime(job: Job<TickJobData>): number {
  const fromId = Number((job.id ?? '').split(':').at(-1));
  if (Number.isSafeInteger(fromId) && fromId > 0) return fromId;
  const prevMillis = (job.opts as { prevMillis?: unknown }).prevMillis;
  return typeof prevMillis === 'number' ? prevMillis : job.timestamp + (job.opts.delay ?? 0);
}

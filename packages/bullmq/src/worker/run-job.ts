import { UnrecoverableError, type Job } from 'bullmq';
import { isEventName, type EventHandlers, type UnknownWebhookEvent, type WebhookEvent } from '@social-webhooks/core';
import { isWebhookJobData, type WebhookJobData } from '../job-data.js';
import type { JobContext } from './job-context.js';
import type { JobInstrumentation, JobScope } from '@social-webhooks/core';

/** The worker's options that running one job needs, resolved. */
export interface JobRunner {
  readonly on: EventHandlers<JobContext>;
  readonly onUnknownEvent: ((event: UnknownWebhookEvent, context: JobContext) => unknown) | undefined;
  readonly onError: (error: unknown, event: WebhookEvent | UnknownWebhookEvent, context: JobContext) => unknown;
  readonly instrumentation: JobInstrumentation | undefined;
}

/** What a job's processor resolves with; BullMQ stores it as the job's return value. */
export type JobResult = 'handled' | 'no_handler';

/**
 * Runs one attempt of a job: the handler of its event with the job context second, as a receiver
 * runs it with the request. A handler that throws fails the attempt; BullMQ retries it with
 * backoff while attempts are left, then keeps it in the failed list.
 * @throws {UnrecoverableError} for data the hand-off did not write: retrying cannot fix it.
 */
export async function runJob(runner: JobRunner, job: Job<WebhookJobData>, signal: AbortSignal): Promise<JobResult> {
  const data: unknown = job.data;
  if (!isWebhookJobData(data)) {
    throw new UnrecoverableError('@social-webhooks/bullmq: the job has no { eventName, data }; it was not added by bullmqHandoff().');
  }
  const attempt = job.attemptsMade + 1;
  const context: JobContext = { job, attempt, signal };
  const event = { eventName: data.eventName, data: data.data } as WebhookEvent | UnknownWebhookEvent;
  const handler = isEventName(event.eventName) ? runner.on[event.eventName] : runner.onUnknownEvent;
  const scope: JobScope | undefined = runner.instrumentation?.startJob({
    queueName: job.queueName,
    jobId: job.id ?? '',
    eventName: event.eventName,
    attempt,
    carrier: data.carrier ?? {},
    enqueuedAt: job.timestamp,
  });
  if (handler === undefined) {
    scope?.end({ outcome: 'no_handler', willRetry: false });
    return 'no_handler';
  }
  try {
    const run = () => (handler as (event: WebhookEvent | UnknownWebhookEvent, context: JobContext) => unknown)(event, context);
    await (scope === undefined ? run() : scope.run(run));
  } catch (error) {
    const attempts = job.opts.attempts ?? 1;
    scope?.end({ outcome: 'failed', error, willRetry: attempt < attempts });
    await report(runner, error, event, context);
    throw error;
  }
  scope?.end({ outcome: 'completed', willRetry: false });
  return 'handled';
}

async function report(runner: JobRunner, error: unknown, event: WebhookEvent | UnknownWebhookEvent, context: JobContext): Promise<void> {
  try {
    await runner.onError(error, event, context);
  } catch (hookError) {
    // The error hook is the user's reporting channel; when it fails too, stderr is all that is left.
    console.error('@social-webhooks/bullmq: the onError hook threw while reporting a failed job.', hookError);
  }
}

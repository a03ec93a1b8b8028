import { UnrecoverableError, type Job } from 'bullmq';
import { markReplay, type AnyEvent, type JobInstrumentation, type JobScope, type UnknownWebhookEvent } from '@social-webhooks/core';
import { FOUNDING_SENDER, isWebhookJobData, type WebhookJobData } from '../job-data.js';
import type { JobContext } from './job-context.js';

/** A handler as the worker calls it: any event of its sender. */
type AnyJobHandler = (event: AnyEvent, context: JobContext) => unknown;

/** The worker's options that running one job needs, resolved. */
export interface JobRunner {
  /** The sender whose jobs this worker runs: its name, and its documented event names. */
  readonly sender: { readonly name: string; readonly eventNames: readonly string[] };
  readonly on: Readonly<Record<string, AnyJobHandler | undefined>>;
  readonly onUnknownEvent: ((event: UnknownWebhookEvent, context: JobContext) => unknown) | undefined;
  readonly onError: (error: unknown, event: AnyEvent, context: JobContext) => unknown;
  readonly instrumentation: JobInstrumentation | undefined;
}

/** What a job's processor resolves with; BullMQ stores it as the job's return value. */
export type JobResult = 'handled' | 'no_handler';

/**
 * Runs one attempt of a job: the handler of its event with the job context second, as a receiver
 * runs it with the request, and the event as the receiver would hand it (the sender's own fields
 * too). A handler that throws fails the attempt; BullMQ retries it with backoff while attempts are
 * left, then keeps it in the failed list.
 * @throws {UnrecoverableError} for data the hand-off did not write, or a job another sender's
 *   receiver queued: retrying cannot fix either.
 */
export async function runJob(runner: JobRunner, job: Job<WebhookJobData>, signal: AbortSignal): Promise<JobResult> {
  const data: unknown = job.data;
  if (!isWebhookJobData(data)) {
    throw new UnrecoverableError('@social-webhooks/bullmq: the job has no { eventName, data }; it was not added by bullmqHandoff().');
  }
  const sender = data.sender ?? FOUNDING_SENDER;
  if (sender !== runner.sender.name) {
    // Two senders' events may share a name (follow.created) but never a shape: never run one's
    // handler on the other's data.
    throw new UnrecoverableError(
      `@social-webhooks/bullmq: the job was queued by a receiver of the ${sender} sender, and this worker runs the ` +
        `${runner.sender.name} sender's handlers. Give each sender's receiver a queue and a worker of its own, ` +
        `with the receiver's sender: webhookWorker({ sender, on }).`,
    );
  }
  const attempt = job.attemptsMade + 1;
  const context: JobContext = { job, attempt, signal };
  const received: AnyEvent = { ...data.extra, eventName: data.eventName, data: data.data };
  // A job a replay queued carries its mark: the handler tells it by replayOf(event), as in the receiver.
  const event = data.replay === undefined ? received : markReplay(received, data.replay);
  const handler = runner.sender.eventNames.includes(event.eventName) ? runner.on[event.eventName] : runner.onUnknownEvent;
  const scope: JobScope | undefined = runner.instrumentation?.startJob({
    queueName: job.queueName,
    jobId: job.id ?? '',
    sender,
    eventNames: runner.sender.eventNames,
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
    const run = () => (handler as AnyJobHandler)(event, context);
    await (scope === undefined ? run() : scope.run(run));
  } catch (error) {
    const attempts = job.opts.attempts ?? 1;
    // BullMQ fails an UnrecoverableError at once, whatever attempts are left: a dead letter now.
    scope?.end({ outcome: 'failed', error, willRetry: attempt < attempts && !(error instanceof UnrecoverableError) });
    await report(runner, error, event, context);
    throw error;
  }
  scope?.end({ outcome: 'completed', willRetry: false });
  return 'handled';
}

async function report(runner: JobRunner, error: unknown, event: AnyEvent, context: JobContext): Promise<void> {
  try {
    await runner.onError(error, event, context);
  } catch (hookError) {
    // The error hook is the user's reporting channel; when it fails too, stderr is all that is left.
    console.error('@social-webhooks/bullmq: the onError hook threw while reporting a failed job.', hookError);
  }
}

import type { AnyEvent, DedupeStore, JobInstrumentation, JobScope, UnknownWebhookEvent } from '@social-webhooks/core';
import { isDeliveryMessage, type DeliveryMessage } from './delivery-message.js';
import type { MessageContext } from './message-context.js';
import { QUEUE_MAX_DELAY_SECONDS, type QueueMessage, type WorkerContext } from './queue-types.js';

/** A handler as the consumer calls it: any event of its sender. */
type AnyHandler = (event: AnyEvent, context: MessageContext) => unknown;

/** The consumer's options that one message needs, resolved. */
export interface MessageRunner {
  readonly sender: { readonly name: string; readonly eventNames: readonly string[] };
  readonly on: Readonly<Record<string, AnyHandler | undefined>>;
  readonly onUnknownEvent: ((event: UnknownWebhookEvent, context: MessageContext) => unknown) | undefined;
  readonly onError: (error: unknown, event: AnyEvent, context: MessageContext) => unknown;
  readonly dedupe: { readonly store: DedupeStore; readonly leaseMs: number; readonly ttlMs: number } | undefined;
  readonly retryDelaySeconds: number;
  readonly maxRetries: number;
  readonly instrumentation: JobInstrumentation | undefined;
}

/** How one message ended: its handler ran, it had none, it was a duplicate, or it goes back to the queue. */
export type MessageOutcome = 'handled' | 'no_handler' | 'duplicate' | 'retried';

/**
 * Runs one message and acks or retries it: the handler of its event, claimed first by its delivery
 * key in the dedupe store (Queues delivers at least once, and a sender's retry is a second
 * message), `ack()` once it ran or was handled before, `retry()` with exponential backoff when it
 * threw or the store failed (after the queue's `max_retries` Queues moves it to the dead-letter
 * queue), and `retry()` after the lease while another invocation holds the claim. Never rejects.
 */
export async function runMessage(
  runner: MessageRunner,
  message: QueueMessage<DeliveryMessage>,
  queue: string,
  ctx: WorkerContext,
): Promise<MessageOutcome> {
  const body: unknown = message.body;
  const attempt = message.attempts;
  const backoff = () => Math.min(runner.retryDelaySeconds * 2 ** (attempt - 1), QUEUE_MAX_DELAY_SECONDS);
  const giveBack = (delaySeconds: number): MessageOutcome => (message.retry({ delaySeconds }), 'retried');
  if (!isDeliveryMessage(body) || body.sender !== runner.sender.name) {
    // Retrying cannot fix it, but acking would lose it: it goes on to the dead-letter queue, kept for a look.
    console.error(unrunnable(body, runner.sender.name, message.id));
    return giveBack(0);
  }
  const context: MessageContext = { message, attempt, queue, ctx };
  const event: AnyEvent = { ...body.extra, eventName: body.eventName, data: body.data };
  const token = crypto.randomUUID();
  const { dedupe } = runner;
  if (dedupe !== undefined) {
    let state;
    try {
      state = await dedupe.store.claim(body.key, token, dedupe.leaseMs);
    } catch (error) {
      console.error(`@social-webhooks/cloudflare: the dedupe store failed to claim ${body.key}; the message is retried.`, error);
      return giveBack(backoff());
    }
    if (state === 'completed') return (message.ack(), 'duplicate');
    if (state === 'in_flight') return giveBack(Math.min(Math.ceil(dedupe.leaseMs / 1000), QUEUE_MAX_DELAY_SECONDS));
  }
  const handler = runner.sender.eventNames.includes(event.eventName) ? runner.on[event.eventName] : runner.onUnknownEvent;
  const scope: JobScope | undefined = runner.instrumentation?.startJob({
    queueName: queue,
    jobId: message.id,
    sender: body.sender,
    eventNames: runner.sender.eventNames,
    eventName: event.eventName,
    attempt,
    carrier: body.carrier,
    enqueuedAt: message.timestamp.getTime(),
  });
  try {
    if (handler !== undefined) {
      const run = () => (handler as AnyHandler)(event, context);
      await (scope === undefined ? run() : scope.run(run));
    }
  } catch (error) {
    scope?.end({ outcome: 'failed', error, willRetry: attempt <= runner.maxRetries });
    await report(runner, error, event, context);
    if (dedupe !== undefined) await settle(() => dedupe.store.release(body.key, token), 'release', body.key);
    return giveBack(backoff());
  }
  scope?.end({ outcome: handler === undefined ? 'no_handler' : 'completed', willRetry: false });
  if (dedupe !== undefined) await settle(() => dedupe.store.complete(body.key, token, dedupe.ttlMs), 'complete', body.key);
  message.ack();
  return handler === undefined ? 'no_handler' : 'handled';
}

async function settle(call: () => Promise<void>, what: string, key: string): Promise<void> {
  try {
    await call();
  } catch (error) {
    console.error(`@social-webhooks/cloudflare: the dedupe store failed to ${what} the claim on ${key}; it lapses after leaseMs.`, error);
  }
}

async function report(runner: MessageRunner, error: unknown, event: AnyEvent, context: MessageContext): Promise<void> {
  try {
    await runner.onError(error, event, context);
  } catch (hookError) {
    console.error('@social-webhooks/cloudflare: the onError hook threw while reporting a failed message.', hookError);
  }
}

function unrunnable(body: unknown, senderName: string, id: string): string {
  if (!isDeliveryMessage(body)) {
    return `@social-webhooks/cloudflare: message ${id} has no { type: 'delivery', key, eventName, data }; it was not sent by queueHandoff(). It is retried, then moved to the dead-letter queue.`;
  }
  return (
    `@social-webhooks/cloudflare: message ${id} was queued by a receiver of the ${body.sender} sender, and this consumer runs the ` +
    `${senderName} sender's handlers. Give each sender's receiver a queue of its own, consumed with queueConsumer({ sender }). ` +
    `It is retried, then moved to the dead-letter queue.`
  );
}

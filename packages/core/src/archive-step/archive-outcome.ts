import type { Delivery, ReadBody } from '../delivery.js';
import { deliveryKey, type KeyRule } from '../dedupe/delivery-key.js';
import { withTimeout } from '../dedupe/with-timeout.js';
import { WebhookError } from '../errors.js';
import type { Answer } from '../handler/respond-within.js';
import type { ResolvedLogger } from '../observe/logger.js';
import type { ReceiveResult } from '../result.js';
import type { AnyEvent } from '../schema/types.js';
import type { NewArchivedDelivery } from '../archive/delivery-archive.js';
import type { ResolvedArchive } from '../archive/resolve-archive.js';

/** What the archive step knows of a delivery whose event was read. */
export interface ArchiveInput {
  readonly delivery: Delivery<unknown>;
  readonly body: ReadBody;
  readonly event: AnyEvent;
  readonly deliveryId: string | undefined;
  readonly sender: KeyRule & { readonly name: string };
  /** The `dedupe` option's key function, so the record's key is the one dedupe claims. */
  readonly key: ((event: AnyEvent) => string | undefined) | undefined;
}

const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * Keeps a verified delivery once its answer is known, and, when a handler outlasts the answer
 * (`respondWithin`, `handlerTimeoutMs`), records how it ended once it settles. The answer waits for
 * the record (bounded by the archive's `timeoutMs`), so a 2xx follows a kept copy; but a record
 * that fails or is late changes no answer: the delivery is answered as it would be without the
 * archive, and a warning is logged. Never rejects.
 */
export async function archiveOutcome(
  archive: ResolvedArchive,
  input: ArchiveInput,
  outcome: ReceiveResult | Answer | Promise<ReceiveResult | Answer>,
  logger: ResolvedLogger,
): Promise<ReceiveResult | Answer> {
  const receivedAt = Date.now();
  const key = keyOf(input);
  const settled = await outcome;
  const answer: Answer = 'result' in settled ? settled : { result: settled };
  const { result } = answer;
  const id = await call(archive, logger, 'add', input.event.eventName, async () =>
    archive.store.add(entry(archive, input, receivedAt, await key, result)),
  );
  if (answer.settled === undefined || id === undefined) return settled;
  // The later outcome rides on the promise the receiver hands to waitUntil: a Worker stays up for it.
  const later = answer.settled.then(async (late) => {
    await call(archive, logger, 'settle', input.event.eventName, () => archive.store.settle(id, { status: late.status, code: late.code }));
    return late;
  });
  return { result, settled: later };
}

function entry(
  archive: ResolvedArchive,
  input: ArchiveInput,
  receivedAt: number,
  key: string | undefined,
  result: ReceiveResult,
): NewArchivedDelivery {
  const { body, event, delivery } = input;
  const headers: Record<string, string> = {};
  const contentType = delivery.contentType;
  if (typeof contentType === 'string') headers['content-type'] = contentType;
  for (const name of archive.headers) {
    const value = delivery.getHeader?.(name);
    if (typeof value === 'string') headers[name] = value;
  }
  return {
    sender: input.sender.name,
    eventName: event.eventName,
    receivedAt,
    status: result.status,
    code: result.code,
    deliveryKey: key,
    headers,
    body: body.kind === 'bytes' ? body.bytes : encoder.encode(body.kind === 'text' ? body.text : JSON.stringify(body.value)),
    // A text body was decoded from UTF-8 and is encoded back as it was; a parsed one is serialised again.
    bodyAsReceived: body.kind !== 'parsed',
    // Through JSON, as a store keeps it: the record holds the event's data, not the handler's objects.
    event: JSON.parse(JSON.stringify(event)) as AnyEvent,
  };
}

async function keyOf(input: ArchiveInput): Promise<string | undefined> {
  try {
    return await deliveryKey({ key: input.key }, input.event, input.body, input.deliveryId, input.sender);
  } catch {
    // A key function that throws keys nothing here; dedupe reports it where it decides.
    return undefined;
  }
}

async function call<T>(
  archive: ResolvedArchive,
  logger: ResolvedLogger,
  method: string,
  eventName: string,
  run: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await withTimeout(
      run,
      archive.timeoutMs,
      () =>
        new WebhookError(
          'archive_unavailable',
          `@social-webhooks/core: the archive's ${method} took longer than timeoutMs (${archive.timeoutMs} ms).`,
        ),
    );
  } catch (error) {
    logger.warn(
      `social-webhooks: the archive failed to ${method === 'add' ? 'keep a delivery' : "record a handler's later outcome"}; the delivery was answered as it would be without it.`,
      {
        eventName,
        error,
      },
    );
    return undefined;
  }
}

import type { BodyContent, Delivery, ReadBody } from '../delivery.js';
import { proceed, refusal, type Step } from '../result.js';
import { isJsonContentType, parseContentLength } from './content-type.js';
import { isIdentityEncoding } from './content-encoding.js';
import { createSharedDeadline } from '../shared-deadline.js';
import { INVALID_JSON } from './parse-body.js';
import { isThenable } from '../is-thenable.js';

/**
 * The body step: checks what the headers say of the body, then reads it. Answers at once, without
 * a promise, when the headers already decide; never rejects.
 */
export type BodyReader = (delivery: Delivery<unknown>) => Step<ReadBody> | Promise<Step<ReadBody>>;

/**
 * Builds the body step, which decides (docs/contract.md §Statuses): 415 `unsupported_media_type`
 * for a content-type other than JSON (an absent one is accepted); 413 `payload_too_large` when the
 * declared length or the body read passes `maxBodyBytes`, checked before reading where the length is
 * declared; 415 `unsupported_content_encoding` for a compressed body; 408 `body_timeout` when the body
 * takes longer than `bodyTimeoutMs` to arrive; 400 `invalid_json` when the body could not be read to
 * its end, or when the runtime's own JSON read found no JSON; 500 `body_unavailable` when a body
 * parser consumed it first. Its refusals are built once per receiver, frozen.
 */
export function createBodyReader(maxBodyBytes: number, bodyTimeoutMs?: number): BodyReader {
  const unsupportedMediaType = refusal('unsupported_media_type', 'The content-type must be application/json.');
  const unsupportedEncoding = refusal(
    'unsupported_content_encoding',
    'The body must not be compressed: send it without content-encoding (identity is the only coding accepted).',
  );
  const timedOut = refusal('body_timeout', `The body did not arrive within ${String(bodyTimeoutMs)} ms (the bodyTimeoutMs option).`);
  const tooLarge = refusal('payload_too_large', `The body is larger than the limit of ${maxBodyBytes} bytes (the maxBodyBytes option).`);
  // The client went away or sent a broken stream; nobody is left to read a detailed answer.
  const unreadable = refusal('invalid_json', 'The body could not be read completely.');
  const bodyUnavailable = refusal(
    'body_unavailable',
    'The request body was consumed before the webhook handler ran. Mount the handler before body parsers.',
  );
  const within = bodyTimeoutMs === undefined ? undefined : createSharedDeadline(bodyTimeoutMs);
  const onExpiry = (): Step<ReadBody> => timedOut;
  const toStep = (content: BodyContent): Step<ReadBody> => {
    if (content.kind === 'too-large') return tooLarge;
    if (content.kind === 'unavailable') return bodyUnavailable;
    if (content.kind === 'not-json') return INVALID_JSON;
    return proceed(content);
  };
  const onUnreadable = (): Step<ReadBody> => unreadable;
  return function readBody(delivery) {
    const { contentType } = delivery;
    if (contentType !== null && contentType !== undefined && contentType !== '' && !isJsonContentType(contentType)) {
      return unsupportedMediaType;
    }
    if (!isIdentityEncoding(delivery.contentEncoding)) return unsupportedEncoding;
    const declaredLength = parseContentLength(delivery.contentLength);
    if (declaredLength !== undefined && declaredLength > maxBodyBytes) return tooLarge;
    let reading: BodyContent | PromiseLike<BodyContent>;
    try {
      reading = delivery.readBody(maxBodyBytes);
    } catch {
      return unreadable;
    }
    if (!isThenable(reading)) return toStep(reading);
    // A read that settles after the deadline is dropped, its rejection included (the adapter
    // closes the connection after a 408, which ends it). Promise.resolve takes a promise of another
    // realm (Next.js's Edge runtime: `request.bytes()` of the host's) into this one.
    const settling = Promise.resolve(reading);
    return within === undefined ? settling.then(toStep, onUnreadable) : within(settling, toStep, onExpiry, onUnreadable);
  };
}

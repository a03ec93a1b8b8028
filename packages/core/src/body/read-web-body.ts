import type { BodyContent } from '../delivery.js';
import { concatChunks } from './concat-chunks.js';

const EMPTY = new Uint8Array(0);
const UNAVAILABLE: BodyContent = { kind: 'unavailable' };
const TOO_LARGE: BodyContent = { kind: 'too-large' };

/**
 * Reads a Web `Request` body, stopping at `limit` bytes. A body of declared length (within the
 * limit: the receiver answers 413 to a longer one before reading) is read whole with `bytes()`
 * (`arrayBuffer()` where a runtime lacks it); a chunked one is read chunk by chunk and cancelled as
 * soon as it passes the limit.
 */
export function readWebBody(request: Request, limit: number, hasLength = request.headers.has('content-length')): Promise<BodyContent> {
  if (request.bodyUsed) return Promise.resolve(UNAVAILABLE);
  // With a content-length, the server's framing bounds the body (RFC 9112 §6.2), so it cannot run
  // past the length the receiver already checked. `bytes()` is the runtime's native read:
  // on Bun, Deno and workerd the reader loop below cost about half the throughput of a
  // hand-written `request.json()` route (wrk benchmark), and `request.body` alone makes Bun build a
  // ReadableStream it otherwise skips. The size is still checked, for a Request built by hand.
  // Not an async function: each one is another promise and another resumption per delivery, which
  // Bun's profile showed. `bytes()` rather than `arrayBuffer()`: no view to wrap around the buffer,
  // 0.3-0.7 µs of server CPU less per delivery on Bun and Deno (wrk, alternating processes).
  if (hasLength) {
    if (typeof request.bytes === 'function') {
      return request.bytes().then((bytes) => (bytes.byteLength > limit ? TOO_LARGE : { kind: 'bytes', bytes }));
    }
    return request
      .arrayBuffer()
      .then((buffer) => (buffer.byteLength > limit ? TOO_LARGE : { kind: 'bytes', bytes: new Uint8Array(buffer) }));
  }
  if (request.body === null) return Promise.resolve({ kind: 'bytes', bytes: EMPTY });
  return readStream(request.body, limit);
}

const NOT_JSON: BodyContent = { kind: 'not-json' };
const toParsed = (value: unknown): BodyContent => ({ kind: 'parsed', value });
// What `request.json()` throws for a body that is not JSON, on every runtime (Fetch standard,
// "parse JSON from bytes"); anything else (the client went away) is the read's own failure.
const toNotJson = (error: unknown): BodyContent => {
  if (error instanceof SyntaxError) return NOT_JSON;
  throw error;
};

/**
 * Reads a Web `Request` body for a sender that takes its JSON value alone
 * (`receiver.readsParsedBody`). A body of declared length (within the limit: the receiver answers
 * 413 to a longer one before reading) is read with the runtime's own `request.json()`, which
 * decodes as the contract does (docs/contract.md §Statuses); a chunked one as {@link readWebBody}
 * reads it, counted and cut off past the limit.
 */
export function readWebJson(request: Request, limit: number, hasLength: boolean): Promise<BodyContent> {
  if (!hasLength || request.bodyUsed) return readWebBody(request, limit, hasLength);
  // With a content-length, the server's framing bounds the body to the length already checked
  // (RFC 9112 §6.3), so nothing is left to count. `request.json()` is the runtime's fastest read:
  // on Deno it takes the whole buffered body synchronously where every other read goes through the
  // stream machinery, and on Bun and workerd it costs no more than `text()` + `JSON.parse`.
  return request.json().then(toParsed, toNotJson);
}

/** Reads a byte stream to its end, or cancels it once it holds more than `limit` bytes. */
export async function readStream(stream: ReadableStream<Uint8Array>, limit: number): Promise<BodyContent> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return { kind: 'too-large' };
    }
    chunks.push(value);
  }
  return { kind: 'bytes', bytes: concatChunks(chunks, total) };
}

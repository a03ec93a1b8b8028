import type { BodyContent } from '../delivery.js';
import { concatChunks } from './concat-chunks.js';

const EMPTY = /* @__PURE__ */ new Uint8Array(0);
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
      // A Request-like object that inherits `bytes` without being a Request (@hono/node-server's
      // lazy request, when its `fetch` is wrapped and Node's request not handed on) rejects it
      // unread: `arrayBuffer()`, which such objects do provide, reads it instead.
      return request.bytes().then(
        (bytes) => (bytes.byteLength > limit ? TOO_LARGE : { kind: 'bytes', bytes }),
        () => readBuffer(request, limit),
      );
    }
    return readBuffer(request, limit);
  }
  if (request.body === null) return Promise.resolve({ kind: 'bytes', bytes: EMPTY });
  return readStream(request.body, limit);
}

function readBuffer(request: Request, limit: number): Promise<BodyContent> {
  return request.arrayBuffer().then((buffer) => (buffer.byteLength > limit ? TOO_LARGE : { kind: 'bytes', bytes: new Uint8Array(buffer) }));
}

const NOT_JSON: BodyContent = { kind: 'not-json' };
const toParsed = (value: unknown): BodyContent => ({ kind: 'parsed', value });
// What `request.json()` rejects with (Fetch standard, "consume body"): a SyntaxError for a body that
// is not JSON, a TypeError for a body already read ("unusable"), on every runtime. A client that
// went away is another error (Bun's DOMException, Deno's BadResource, workerd's Error): the read's
// own failure, passed on.
// Told by name, not `instanceof`: an error of another realm (Next.js's Edge runtime reads the body
// in the host's) is no instance of this realm's classes.
const fromJsonError = (error: unknown): BodyContent => {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'SyntaxError') return NOT_JSON;
  if (name === 'TypeError') return UNAVAILABLE;
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
  if (!hasLength) return readWebBody(request, limit, false);
  // With a content-length, the server's framing bounds the body to the length already checked
  // (RFC 9112 §6.3), so nothing is left to count. `request.json()` is the runtime's fastest read:
  // on Deno it takes the whole buffered body as text synchronously, where every other read goes
  // through the body stream. Nothing else of the body is touched first, not even `bodyUsed`: on
  // Deno that materialises the body and turns the fast path off (a body already read is told by
  // the TypeError `json()` rejects with instead).
  return request.json().then(toParsed, fromJsonError);
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
      cancelUnawaited(reader);
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  return { kind: 'bytes', bytes: concatChunks(chunks, total) };
}

/**
 * Cancels a body past the limit without waiting for it: the 413 does not wait on the stream's
 * source, whose `cancel()` may never settle (Next.js's Edge runtime: awaited, it turned the 413
 * into a 408 after `bodyTimeoutMs`; issue 33, item 12). A cancel that fails has nobody left to
 * tell: the answer is already decided, and the adapter closes or drains the connection.
 */
function cancelUnawaited(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const ignore = (): undefined => undefined;
  try {
    Promise.resolve(reader.cancel()).then(undefined, ignore);
  } catch {
    // A reader of another kind that throws instead of rejecting: the same, nothing to tell.
    return;
  }
}

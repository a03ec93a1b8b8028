import type { BodyContent } from '../receive/delivery.js';
import { parseContentLength } from '../receive/content-type.js';

const EMPTY = new Uint8Array(0);

/**
 * Reads a Web `Request` body, stopping at `limit` bytes. With a declared length within the limit
 * the runtime's own `arrayBuffer()` is used (HTTP framing keeps the body to that length); a body
 * without one is streamed and cancelled as soon as it passes the limit.
 */
export async function readWebBody(request: Request, limit: number): Promise<BodyContent> {
  if (request.body === null) return { kind: 'bytes', bytes: EMPTY };
  if (request.bodyUsed) return { kind: 'unavailable' };
  const declared = parseContentLength(request.headers.get('content-length'));
  if (declared !== undefined && declared <= limit) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    return bytes.byteLength > limit ? { kind: 'too-large' } : { kind: 'bytes', bytes };
  }
  return readStream(request.body, limit);
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
  return { kind: 'bytes', bytes: concat(chunks, total) };
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

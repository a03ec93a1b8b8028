import type { BodyContent } from '../delivery.js';
import { concatChunks } from './concat-chunks.js';

const EMPTY = new Uint8Array(0);

/**
 * Reads a Web `Request` body, stopping at `limit` bytes: the stream is read chunk by chunk and
 * cancelled as soon as it passes the limit. (A declared content-length over the limit never gets
 * here: the receiver answers 413 before reading.)
 */
export async function readWebBody(request: Request, limit: number): Promise<BodyContent> {
  if (request.body === null) return { kind: 'bytes', bytes: EMPTY };
  if (request.bodyUsed) return { kind: 'unavailable' };
  // Not `arrayBuffer()`, even with a declared length within the limit: on Node (undici) it reads
  // the same stream, then concatenates the chunks and copies them into a fresh ArrayBuffer, which
  // made the Hono adapter cost about 10% more CPU per delivery than a hand-written `c.req.json()`
  // route (BENCHMARKS.md, "What changed to meet the goals"). A body of one chunk, the usual webhook, is handed on uncopied.
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
  return { kind: 'bytes', bytes: concatChunks(chunks, total) };
}

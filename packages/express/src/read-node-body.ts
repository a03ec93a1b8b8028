import type { IncomingMessage } from 'node:http';
import type { BodyContent } from '@social-webhooks/core/adapter';
import { readNodeStream } from '@social-webhooks/core/node';

/** A request that a body parser may already have read (`express.json()`, `.text()`, `.raw()`). */
export type MaybeParsedRequest = IncomingMessage & { body?: unknown; _body?: boolean };

/**
 * Reads an Express request's body at most once. When a body parser has already consumed the stream,
 * its result is used (a `Buffer` from `express.raw()`, a string from `express.text()`, a value from
 * `express.json()`); otherwise the stream is read here, up to `limit` bytes.
 */
export function readNodeBody(req: MaybeParsedRequest, limit: number): Promise<BodyContent> {
  if (req._body === true || req.readableEnded) return Promise.resolve(fromParser(req.body, limit));
  return readNodeStream(req, limit);
}

// A parsed value's size is unknown without the original bytes: `express.json({ limit })` governs it,
// and the declared content-length is still checked by the core.
function fromParser(body: unknown, limit: number): BodyContent {
  if (body instanceof Uint8Array) return body.byteLength > limit ? { kind: 'too-large' } : { kind: 'bytes', bytes: body };
  if (typeof body === 'string') return Buffer.byteLength(body) > limit ? { kind: 'too-large' } : { kind: 'text', text: body };
  if (body === undefined) return { kind: 'unavailable' };
  return { kind: 'parsed', value: body };
}

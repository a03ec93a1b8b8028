import type { IncomingMessage } from 'node:http';
import type { BodyContent } from '@social-webhooks/core/adapter';
import { readNodeStream } from '@social-webhooks/core/node';

/**
 * A request that a body parser may already have read: Connect's and Express's parsers set `body`
 * (and `_body`), NestJS's `rawBody: true` keeps the original bytes in `rawBody`.
 */
export type MaybeParsedRequest = IncomingMessage & { body?: unknown; _body?: boolean; rawBody?: unknown };

/**
 * Reads a Node request's body at most once. When a body parser has already consumed the stream,
 * its result is used: the original bytes when it kept them (`rawBody`), else a `Buffer` from
 * `express.raw()`, a string from `express.text()`, a value from `express.json()`. Otherwise the
 * stream is read here, up to `limit` bytes.
 */
export function readNodeBody(req: MaybeParsedRequest, limit: number): BodyContent | Promise<BodyContent> {
  // A parser's result is handed over as it is: nothing is left to wait for.
  if (req._body === true || req.readableEnded) return fromParser(req, limit);
  return readNodeStream(req, limit);
}

// A parsed value's size is unknown without the original bytes: the parser's own limit governs it,
// and the declared content-length is still checked by the core.
function fromParser(req: MaybeParsedRequest, limit: number): BodyContent {
  const { body, rawBody } = req;
  if (rawBody instanceof Uint8Array) return fromBytes(rawBody, limit);
  if (body instanceof Uint8Array) return fromBytes(body, limit);
  if (typeof body === 'string') return Buffer.byteLength(body) > limit ? { kind: 'too-large' } : { kind: 'text', text: body };
  if (body === undefined) return { kind: 'unavailable' };
  return { kind: 'parsed', value: body };
}

function fromBytes(bytes: Uint8Array, limit: number): BodyContent {
  return bytes.byteLength > limit ? { kind: 'too-large' } : { kind: 'bytes', bytes };
}

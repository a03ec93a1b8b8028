import type { FastifyRequest } from 'fastify';
import type { BodyContent } from '@social-webhooks/core/adapter';
import { readNodeStream, type NodeReadableLike } from '@social-webhooks/core/node';

const EMPTY: BodyContent = { kind: 'bytes', bytes: new Uint8Array(0) };

// The body stream each request's parser handed over, kept out of `request.body` so a handler that
// looks there finds nothing rather than a half-read stream.
const passed = new WeakMap<FastifyRequest, NodeReadableLike>();

/**
 * A content-type parser that reads nothing: it keeps the body stream (after any `preParsing` hook,
 * such as a decompressor) for the route to read once the delivery header matched.
 */
export function passBodyThrough(
  request: FastifyRequest,
  payload: NodeReadableLike,
  done: (error: Error | null, body?: unknown) => void,
): void {
  // Without a `preParsing` hook the payload is Node's request itself, found there without a
  // WeakMap entry (whose set and delete are most of this parser's cost).
  if (payload !== request.raw) passed.set(request, payload);
  done(null, undefined);
}

/**
 * Reads the body the parser passed through, up to `limit` bytes, or Node's request stream when no
 * parser ran (no body, or a content-type Fastify refused to parse).
 */
export function readPassedBody(request: FastifyRequest, limit: number): Promise<BodyContent> {
  let payload = passed.get(request);
  if (payload === undefined) payload = request.raw;
  else passed.delete(request);
  if (payload.readableEnded) return Promise.resolve(EMPTY);
  return readNodeStream(payload, limit);
}

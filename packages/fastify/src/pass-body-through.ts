import type { FastifyRequest } from 'fastify';
import { readNodeStream, type BodyContent, type NodeReadableLike } from '@social-webhooks/core';

const EMPTY: BodyContent = { kind: 'bytes', bytes: new Uint8Array(0) };

// The body stream each request's parser handed over, kept out of `request.body` so a handler that
// looks there finds nothing rather than a half-read stream.
const passed = new WeakMap<FastifyRequest, NodeReadableLike>();

/**
 * A content-type parser that reads nothing: it keeps the body stream (after any `preParsing` hook,
 * such as a decompressor) for the route to read once the delivery header matched.
 */
export function passBodyThrough(request: FastifyRequest, payload: NodeReadableLike, done: (error: Error | null, body?: unknown) => void): void {
  passed.set(request, payload);
  done(null, undefined);
}

/** Reads the body the parser passed through, up to `limit` bytes; none was passed for an empty body. */
export function readPassedBody(request: FastifyRequest, limit: number): Promise<BodyContent> {
  const payload = passed.get(request);
  if (payload === undefined) return Promise.resolve(EMPTY);
  passed.delete(request);
  return readNodeStream(payload, limit);
}

import type { ServerResponse } from 'node:http';
import { closeAfter, type ReceiveResult, type WebhookReceiver } from '@social-webhooks/core/adapter';
import { nodeDelivery } from './node-delivery.js';
import { readNodeBody, type MaybeParsedRequest } from './read-node-body.js';
import { writeResult } from './write-result.js';

/**
 * Runs one Node request through a receiver and writes its answer to `res`: the delivery header, the
 * content type and length are taken from `req`, the body is read from its stream (or from a body
 * parser's result) only once the header matched. For adapter authors: the Express adapter is this
 * and a route signature.
 *
 * @param context what handlers get second, e.g. `{ req, res }`.
 * @returns a promise that settles once the answer is written; it rejects only if writing fails.
 */
export function answerNodeRequest<Context>(
  receiver: WebhookReceiver<Context>,
  req: MaybeParsedRequest,
  res: ServerResponse,
  context: Context,
): Promise<void> {
  // Not an async function: the answer is written in the receiver's own continuation, without
  // another promise and resumption per delivery on top of it.
  return receiver
    .receive(nodeDelivery({ headerName: receiver.header, headers: req.headers, readBody: (limit) => readNodeBody(req, limit), context }))
    .then((result) => answer(req, res, result));
}

function answer(req: MaybeParsedRequest, res: ServerResponse, result: ReceiveResult): void {
  // A 408 leaves the rest of a stalled body unread: close rather than wait for it (RFC 9110 §15.5.9).
  writeResult(res, result, isUnboundedRest(req) || closeAfter(result) !== undefined ? CLOSE : undefined);
}

const CLOSE = { connection: 'close' };

/**
 * Whether a request was refused before its body ended (401 unread, 413 past the limit) and the rest
 * has no declared length: Node would read and discard it to keep the connection, however long a
 * chunked body runs, so the connection is closed after the answer instead. A declared length bounds
 * what Node discards, and the connection is kept.
 */
export function isUnboundedRest(req: {
  readonly complete: boolean;
  readonly headers: { readonly 'content-length'?: string | undefined };
}): boolean {
  return !req.complete && req.headers['content-length'] === undefined;
}

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
 * @param onWriteError where an error while writing the answer goes (Connect's `next`); without it,
 *   the returned promise rejects with it.
 * @returns a promise that settles once the answer is written; it rejects only if writing fails
 *   and no `onWriteError` was given.
 */
export function answerNodeRequest<Context>(
  receiver: WebhookReceiver<Context>,
  req: MaybeParsedRequest,
  res: ServerResponse,
  context: Context,
  onWriteError?: (error: unknown) => void,
): Promise<void> {
  // Not an async function, and no catch() chained on: the answer is written in the receiver's own
  // continuation, without more promises and resumptions per delivery on top of it.
  const receiving = receiver.receive(
    nodeDelivery({ headerName: receiver.header, headers: req.headers, readBody: (limit) => readNodeBody(req, limit), context }),
  );
  if (onWriteError === undefined) return receiving.then((result) => answer(req, res, result));
  return receiving.then((result) => {
    try {
      answer(req, res, result);
    } catch (error) {
      onWriteError(error);
    }
  });
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

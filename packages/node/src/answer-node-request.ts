import type { ServerResponse } from 'node:http';
import { closeAfter, type ReceiveResult, type WebhookReceiver } from '@social-webhooks/core/adapter';
import { readNodeBody, type MaybeParsedRequest } from './read-node-body.js';

/**
 * Runs one Node request through a receiver and writes its answer to `res`: the delivery header, the
 * content type and length are taken from `req`, the body is read from its stream (or from a body
 * parser's result) only once the header matched. For adapter authors: the Express adapter is this
 * and a route signature.
 *
 * @param context what handlers get second, e.g. `{ req, res }`.
 * @returns a promise that settles once the answer is written; it rejects only if writing fails.
 */
export async function answerNodeRequest<Context>(
  receiver: WebhookReceiver<Context>,
  req: MaybeParsedRequest,
  res: ServerResponse,
  context: Context,
): Promise<void> {
  const { headers } = req;
  const result = await receiver.receive({
    header: headers[receiver.header] as string | undefined,
    contentType: headers['content-type'],
    contentEncoding: headers['content-encoding'],
    contentLength: headers['content-length'],
    getHeader: (name) => firstValue(headers[name]),
    readBody: (limit) => readNodeBody(req, limit),
    context,
  });
  // A 408 leaves the rest of a stalled body unread: close rather than wait for it (RFC 9110 §15.5.9).
  writeResult(res, result, isUnboundedRest(req) ? CLOSE : closeAfter(result));
}

const CLOSE = { connection: 'close' };

/** Node joins repeated custom headers with ", " but hands a few (set-cookie) over as an array. */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a request was refused before its body ended (401 unread, 413 past the limit) and the rest
 * has no declared length: Node would read and discard it to keep the connection, however long a
 * chunked body runs, so the connection is closed after the answer instead. A declared length bounds
 * what Node discards, and the connection is kept.
 */
export function isUnboundedRest(req: { readonly complete: boolean; readonly headers: { readonly 'content-length'?: string | undefined } }): boolean {
  return !req.complete && req.headers['content-length'] === undefined;
}

/** Writes a receive result as a JSON answer, unless a handler already answered through `res`. */
export function writeResult(res: ServerResponse, result: ReceiveResult, extraHeaders?: Record<string, string>): void {
  if (res.headersSent || res.writableEnded) return;
  res.statusCode = result.status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  if (extraHeaders !== undefined) for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  res.end(result.body);
}

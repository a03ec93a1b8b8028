import type { IncomingMessage, ServerResponse } from 'node:http';
import { readNodeStream } from '@social-webhooks/core/node';
import type { BodyContent } from '@social-webhooks/core/adapter';
import type { OpenReceiverOptions } from '../open-receiver-options.js';
import { createOpenReceiver } from '../receive-open.js';

/** A Node request listener, `(req, res)`: its promise settles once the answer is written, and never rejects. */
export type OpenListener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The opens receiver for `node:http`, Connect and Express (`app.post('/api/opens', openListener({ … }))`),
 * with or without `express.json()` before it: a body it parsed is taken as it is. The same checks
 * and answers as `openReceiver`.
 *
 * @param options `domain` and `store` (required), `verify`, `history`, `maxBodyBytes`, `logger`, `now`; see `openReceiver`.
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * app.post('/api/opens', openListener({ domain: 'app.example.com', store: memoryOpenStore() }));
 */
export function openListener(options: OpenReceiverOptions): OpenListener {
  const receiver = createOpenReceiver(options, '@social-webhooks/opens');
  return async function receiveOpenNode(req, res) {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const answer = await receiver.receive({
      method: req.method ?? 'GET',
      authorization: header('authorization'),
      contentType: header('content-type'),
      readBody: (limit) => readNodeBody(req, limit),
    });
    res.statusCode = answer.status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    if (answer.status === 405) res.setHeader('allow', 'POST');
    res.end(answer.body);
  };
}

/** A body parser's value where one ran (`express.json()` sets `req.body`), else the stream as it arrives. */
function readNodeBody(req: IncomingMessage, limit: number): BodyContent | Promise<BodyContent> {
  const parsed = (req as IncomingMessage & { body?: unknown }).body;
  if (parsed !== undefined && typeof parsed === 'object' && parsed !== null && !(parsed instanceof Uint8Array))
    return { kind: 'parsed', value: parsed };
  if (typeof parsed === 'string') return { kind: 'text', text: parsed };
  if (parsed instanceof Uint8Array) return { kind: 'bytes', bytes: parsed };
  if (req.readableEnded) return { kind: 'unavailable' };
  return readNodeStream(req, limit);
}

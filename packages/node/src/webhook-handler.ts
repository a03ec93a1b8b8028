import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createWebhookReceiver,
  type AirstackEvents,
  type EventMap,
  type ReceiveResult,
  type WebhookOptions,
} from '@social-webhooks/core/adapter';
import { answerNodeRequest } from './answer-node-request.js';
import { writeResult } from './write-result.js';

/** What a handler gets second: Node's request and response (Connect's, Express's or Nest's). */
export interface NodeContext<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> {
  readonly req: Req;
  readonly res: Res;
}

/** Options of the Node adapter; see `WebhookOptions` in `@social-webhooks/core`. */
export type NodeWebhookOptions<
  Req extends IncomingMessage = IncomingMessage,
  Res extends ServerResponse = ServerResponse,
  Events extends EventMap = AirstackEvents,
> = WebhookOptions<NodeContext<Req, Res>, Events>;

/** Connect's `next`: called with an error only if writing the answer failed. */
export type NodeNext = (error?: unknown) => void;

/**
 * A Node request listener, `(req, res, next?)`. The promise it returns settles once the answer is
 * written (Koa awaits it); it never rejects.
 */
export type NodeWebhookListener<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = (
  req: Req,
  res: Res,
  next?: NodeNext,
) => Promise<void>;

const METHOD_NOT_ALLOWED: ReceiveResult = {
  status: 405,
  code: 'method_not_allowed',
  body: JSON.stringify({ error: 'method_not_allowed', message: 'Deliveries are POST requests.' }),
};

/**
 * A Node request listener that receives the service's webhooks, for `node:http`, Connect, and what
 * is built on them (Koa through `ctx.req`/`ctx.res`, NestJS middleware on its Express platform).
 * Checks the delivery header in constant time before reading the body, parses and validates it,
 * runs the handler for its event, and answers the status of docs/contract.md §Statuses. Answers 405 to
 * anything but POST. Works after a body parser too (see the README's notes on body parsers).
 *
 * @param options `secret` (required without `sender`), `header` (default `x-airstack-webhook`) or
 *   `sender` (`neynarSender({ secrets })`, `miniAppSender({ verifyAppKey })`), `on`, `maxBodyBytes`
 *   (default 1 MiB), `onUnknownEvent`, `onError`, `dedupe`, `respondWithin`, `logger`, `onResult`.
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * const receive = webhookHandler({
 *   secret: { 'follow.created': process.env.WEBHOOK_SECRET! }, // bound to its event type: flat bodies work too
 *   on: { 'follow.created': (event) => console.log(event.data.followerProfileId) },
 * });
 * http.createServer((req, res) => (req.url === '/webhook' ? receive(req, res) : res.end())).listen(3000);
 */
export function webhookHandler<
  Req extends IncomingMessage = IncomingMessage,
  Res extends ServerResponse = ServerResponse,
  Events extends EventMap = AirstackEvents,
>(options: NodeWebhookOptions<Req, Res, Events>): NodeWebhookListener<Req, Res> {
  const receiver = createWebhookReceiver(options, '@social-webhooks/node');
  return function socialWebhooksNode(req, res, next) {
    if (req.method !== 'POST') {
      writeResult(res, METHOD_NOT_ALLOWED, { allow: 'POST' });
      return Promise.resolve();
    }
    return answerNodeRequest(receiver, req, res, { req, res }, (error) => {
      // Reached only if writing the answer failed; there is no answer left to give but Connect's.
      if (next !== undefined) next(error);
      else res.destroy(error instanceof Error ? error : undefined);
    });
  };
}

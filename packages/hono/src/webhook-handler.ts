import type { Context, Env, Handler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { closeAfter, createWebhookReceiver, type AirstackEvents, type EventMap, type WebhookOptions } from '@social-webhooks/core/adapter';
import { nodeHeader, untouchedNodeIncoming, type NodeIncoming } from '@social-webhooks/core/node';
import { readHonoBody } from './read-hono-body.js';

/** Options of the Hono adapter: handlers get Hono's `c` second. */
export type HonoWebhookOptions<E extends Env = Env, Events extends EventMap = AirstackEvents> = WebhookOptions<Context<E>, Events>;

/**
 * A Hono handler that receives the service's webhooks: checks the delivery header in constant time,
 * parses and validates the body, runs the handler for its event, and answers the status of docs/contract.md §Statuses.
 * Runs wherever Hono runs (Node, Bun, Deno, Workers); reads the body through Hono's cache.
 *
 * @param options `secret` (required without `sender`), `header` (default `x-airstack-webhook`) or
 *   `sender` (`neynarSender({ secrets })`, `miniAppSender({ verifyAppKey })`), `on`, `maxBodyBytes`
 *   (default 1 MiB), `onUnknownEvent`, `onError`, `dedupe`, `respondWithin`, `handlerTimeoutMs`,
 *   `bodyTimeoutMs`, `logger`, `onResult`, `handoff` (a durable queue instead of `on`),
 *   `deliveryIdHeaders`, `instrumentation`.
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * const app = new Hono();
 * app.post('/webhook', webhookHandler({
 *   // The webhook's header value, bound to its event type so a flat body is typed too.
 *   secret: { 'profile.updated': process.env.WEBHOOK_SECRET! },
 *   on: { 'profile.updated': (event, c) => console.log(event.data.userId, c.req.path) },
 * }));
 * // On Workers, secrets live on `env`, not `process.env`: pass `secret` as a function that reads
 * // the bindings `fetch` was given (the README's Worker quickstart shows how).
 */
export function webhookHandler<E extends Env = Env, Events extends EventMap = AirstackEvents>(
  options: HonoWebhookOptions<E, Events>,
): Handler<E> {
  const receiver = createWebhookReceiver(options, '@social-webhooks/hono');
  const headerName = receiver.header;
  const { readsParsedBody } = receiver;
  return function socialWebhooksHono(c: Context<E>): Promise<Response> {
    // On @hono/node-server, Node's request is read as it is while nothing has touched it: its
    // headers as Node parsed them, its body from its stream, and no Web Request is ever built.
    const incoming = untouchedNodeIncoming(c.env);
    const headers = incoming === undefined ? webHeaders(c.req.raw.headers) : nodeHeaders(incoming.headers);
    const contentLength = headers('content-length');
    return receiver
      .receive({
        header: headerName === undefined ? undefined : headers(headerName),
        contentType: headers('content-type'),
        contentEncoding: headers('content-encoding'),
        contentLength,
        getHeader: headers,
        // A body of declared length, for a sender that takes its JSON value alone, is read with the
        // runtime's own JSON read; any other body as its bytes.
        readBody: (limit) => readHonoBody(c, limit, incoming, readsParsedBody && contentLength !== undefined),
        context: c,
        // On Workers this keeps a handler that outlasts a `respondWithin` answer alive; elsewhere the
        // getter throws, which the core ignores.
        waitUntil: (promise) => c.executionCtx.waitUntil(promise),
      })
      .then((result) =>
        // The header as an argument, not through c.header(): with no other header set, Hono then hands
        // @hono/node-server a plain object instead of a Headers instance to build and convert back. A
        // fresh object each time: @hono/node-server writes content-length into it.
        c.body(result.body, result.status as ContentfulStatusCode, { 'content-type': JSON_TYPE, ...closeAfter(result) }),
      );
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';

type HeaderReader = (name: string) => string | undefined;

function webHeaders(headers: Headers): HeaderReader {
  return (name) => headers.get(name) ?? undefined;
}

function nodeHeaders(headers: NodeIncoming['headers']): HeaderReader {
  return (name) => nodeHeader(headers, name);
}

import type { WebhookOptions } from '../options/options.js';
import type { AirstackEvents } from '../senders/airstack/airstack-sender.js';
import type { EventMap } from '../senders/sender.js';
import { createWebhookReceiver } from '../receiver.js';
import { failure, type ReceiveResult } from '../result.js';
import { findWaitUntil } from './find-wait-until.js';
import { nodeHeader, untouchedNodeIncoming } from '../body/node-server-incoming.js';
import { readNodeStream } from '../body/read-node-stream.js';
import { readWebBody, readWebJson } from '../body/read-web-body.js';

/** Options of the Web-standard handler: handlers get the `Request` as their context. */
export type WebWebhookOptions<Events extends EventMap = AirstackEvents> = WebhookOptions<Request, Events>;

const METHOD_NOT_ALLOWED = /* @__PURE__ */ failure('method_not_allowed', 'Deliveries are POST requests.');

/** A Web-standard handler. On Workers, `fetch(request, env, ctx)`: `ctx.waitUntil` is used. */
export type WebHandler = (request: Request, env?: unknown, ctx?: unknown) => Promise<Response>;

/**
 * A Web-standard webhook handler, `(request) => Promise<Response>`, for `Bun.serve`, `Deno.serve`,
 * Cloudflare Workers and Next.js route handlers. Checks the delivery header in constant time, parses
 * and validates the body, and runs the handler for its event (docs/contract.md §Statuses gives every status). Arguments
 * after the request are searched for a Worker's `ctx`, whose `waitUntil` keeps a handler that
 * outlasts a `respondWithin` answer alive.
 *
 * @param options `secret` (required without `sender`), `header` (default `x-airstack-webhook`) or
 *   `sender` (`neynarSender({ secrets })`, `miniAppSender({ verifyAppKey })`), `on`, `maxBodyBytes`
 *   (default 1 MiB), `onUnknownEvent`, `onError`, `dedupe` (default off), `respondWithin` (default:
 *   wait), `handlerTimeoutMs` (default 10 s), `bodyTimeoutMs` (default 5 s), `logger` (default:
 *   refusals and failures on the console, rate-limited), `onResult`, `handoff` (default none),
 *   `deliveryIdHeaders` (default `x-convoy-idempotency-key`), `instrumentation`; see {@link WebhookOptions}.
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * const handle = webhookHandler({
 *   secret: { 'follow.created': process.env.WEBHOOK_SECRET! }, // bound to its event type: flat bodies work too
 *   on: { 'follow.created': (event) => console.log(event.data.followerProfileId) },
 * });
 * Bun.serve({ fetch: handle });
 */
export function webhookHandler<Events extends EventMap = AirstackEvents>(options: WebWebhookOptions<Events>): WebHandler {
  const receiver = createWebhookReceiver(options, '@social-webhooks/core');
  const proofHeader = receiver.header;
  // The sender decides how a body is read: its JSON value alone, through the runtime's own
  // `request.json()` where the length is declared, or its bytes as they arrived.
  const readWeb = receiver.readsParsedBody ? readWebJson : readWebBody;
  // Not async, and no rest parameter: each would be one more allocation per delivery.
  return function handleWebhookRequest(request: Request, env?: unknown, ctx?: unknown): Promise<Response> {
    if (request.method !== 'POST') return Promise.resolve(toResponse(METHOD_NOT_ALLOWED, ALLOW_POST));
    // On @hono/node-server, Node's request read as it is: no Web Request is ever built.
    const incoming = untouchedNodeIncoming(env);
    if (incoming !== undefined) {
      const { headers } = incoming;
      return receiver
        .receive({
          header: proofHeader === undefined ? undefined : nodeHeader(headers, proofHeader),
          contentType: nodeHeader(headers, 'content-type'),
          contentEncoding: nodeHeader(headers, 'content-encoding'),
          contentLength: nodeHeader(headers, 'content-length'),
          getHeader: (name) => nodeHeader(headers, name),
          readBody: (limit) => readNodeStream(incoming, limit),
          context: request,
          waitUntil: undefined,
        })
        .then(toResponse);
    }
    const { headers } = request;
    const contentLength = headers.get('content-length');
    return receiver
      .receive({
        header: proofHeader === undefined ? undefined : headers.get(proofHeader),
        contentType: headers.get('content-type'),
        contentEncoding: headers.get('content-encoding'),
        contentLength,
        getHeader: (name) => headers.get(name),
        readBody: (limit) => readWeb(request, limit, contentLength !== null),
        context: request,
        waitUntil: findWaitUntil(env, ctx),
      })
      .then(toWebResponse);
  };
}

const ALLOW_POST = { allow: 'POST' };

const JSON_TYPE = 'application/json; charset=utf-8';

/** Turns a receive result into a JSON `Response`. */
export function toResponse(result: ReceiveResult, extraHeaders?: Record<string, string>): Response {
  // A fresh literal per answer, not one shared object (@hono/node-server writes content-length
  // into the object it is given), and no spread when there is nothing to add: spreading cost as
  // much as the rest of `new Response` on Bun.
  return new Response(result.body, {
    status: result.status,
    headers:
      result.status === 408
        ? { 'content-type': JSON_TYPE, connection: 'close', ...extraHeaders }
        : extraHeaders === undefined
          ? { 'content-type': JSON_TYPE }
          : { 'content-type': JSON_TYPE, ...extraHeaders },
  });
}

let jsonHeaders: Headers | undefined;
let lastBody: string | undefined;
let lastValue: unknown;

/**
 * A JSON `Response` on a Web runtime. A 200, the answer to nearly every delivery, is built as a
 * hand-written route builds it, `Response.json(value)` with no init: on Deno that took 74 ns where
 * `new Response` with a status and headers took 260, and on Bun it is no dearer. Its value is
 * parsed once per distinct body: success bodies are a handful of constant strings. Other answers
 * share one `Headers`, which a `Response` copies (Fetch standard, "fill"), rather than convert a
 * literal each time; built on first use, as some runtimes allow no `Headers` at import.
 */
function toWebResponse(result: ReceiveResult): Response {
  if (result.status === 200) {
    if (result.body !== lastBody) {
      lastValue = JSON.parse(result.body);
      lastBody = result.body;
    }
    return Response.json(lastValue);
  }
  if (result.status === 408) return toResponse(result);
  return new Response(result.body, { status: result.status, headers: (jsonHeaders ??= new Headers({ 'content-type': JSON_TYPE })) });
}

/**
 * `connection: close` for a 408: the rest of the body may still be on its way, and RFC 9110
 * §15.5.9 has the server close the connection rather than go on waiting for it. Adapters add it.
 */
export function closeAfter(result: ReceiveResult): Record<string, string> | undefined {
  return result.status === 408 ? { connection: 'close' } : undefined;
}

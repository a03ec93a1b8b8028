import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  closeAfter,
  createWebhookReceiver,
  type AirstackEvents,
  type EventMap,
  type ReceiveResult,
  type WebhookOptions,
} from '@social-webhooks/core/adapter';
import { isUnboundedRest, nodeDelivery } from '@social-webhooks/node';
import { passBodyThrough, readPassedBody } from './pass-body-through.js';

/** What a Fastify handler gets second: the request and the reply. */
export interface FastifyContext {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** Options of the Fastify plugin: the receiver's options and the route's path. */
export type FastifyWebhookOptions<Events extends EventMap = AirstackEvents> = WebhookOptions<FastifyContext, Events> & {
  /** The path of the POST route, under the plugin's `prefix` if any. Default `/webhook`. */
  readonly path?: string;
};

/**
 * A Fastify plugin (Fastify 4 and 5) that adds a POST route receiving the service's webhooks: it
 * checks the delivery header in constant time before the body is read, parses and validates the
 * body itself, runs the handler for its event, and answers the status of docs/contract.md §Statuses.
 * The raw body is read inside the plugin's own encapsulated context: the app's JSON parser, its
 * `bodyLimit` and its other routes are untouched (the receiver's `maxBodyBytes` applies here).
 *
 * @param options `secret` (required), `path` (default `/webhook`), `on`, `header` (default
 *   `x-airstack-webhook`), `maxBodyBytes` (default 1 MiB), `onUnknownEvent`, `onError`, `dedupe`,
 *   `respondWithin`, `logger`, `onResult`.
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed (at `register`).
 * @example
 * await app.register(webhookPlugin, {
 *   path: '/webhook',
 *   secret: { 'follow.created': process.env.WEBHOOK_SECRET! }, // bound to its event type: flat bodies work too
 *   on: { 'follow.created': (event, { request }) => request.log.info(event.data.followerProfileId) },
 * });
 */
const REGISTER_OPTIONS: ReadonlySet<string> = new Set(['prefix', 'logLevel', 'logSerializers']);

/**
 * The same plugin with its options given up front, typed by the sender they name: Fastify's
 * `register` infers a plugin's options from the plugin alone, so `webhookPlugin`'s `on` map is typed
 * for the founding service; for another sender, build the plugin with its options and register it.
 *
 * @example
 * await app.register(webhookPluginFor({
 *   path: '/neynar',
 *   sender: neynarSender({ secrets: process.env.NEYNAR_WEBHOOK_SECRET }),
 *   on: { 'cast.created': (event, { request }) => request.log.info(event.data.hash) },
 * }));
 */
export function webhookPluginFor<Events extends EventMap>(options: FastifyWebhookOptions<Events>): FastifyPluginAsync {
  return function socialWebhooksFastifyFor(instance) {
    return webhookPlugin(instance, options as unknown as FastifyWebhookOptions);
  };
}

export const webhookPlugin: FastifyPluginAsync<FastifyWebhookOptions> = async function socialWebhooksFastify(instance, options) {
  const { path = '/webhook', ...rest } = options;
  // Fastify hands its own register options to the plugin too; they are not the receiver's.
  const receiverOptions = Object.fromEntries(
    Object.entries(rest).filter(([key]) => !REGISTER_OPTIONS.has(key)),
  ) as unknown as WebhookOptions<FastifyContext, EventMap>;
  const receiver = createWebhookReceiver(receiverOptions, '@social-webhooks/fastify');
  // Encapsulated: these parsers apply to this plugin's routes only. Every content type is passed
  // through unread, so the header is checked before a byte of the body is read
  // (docs/contract.md §Header check), and the receiver answers 415 to a content type not JSON.
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('*', passBodyThrough);
  // The same parser, named for what the service sends: Fastify caches the parser it found for a
  // content type, but not the catch-all, whose lookup parses the content type on every request.
  instance.addContentTypeParser('application/json', passBodyThrough);
  // Not an async function: the answer is sent from the receiver's own continuation, without the
  // promise an async handler returns and the one Fastify chains onto it, per delivery.
  function receiveWebhook(request: FastifyRequest, reply: FastifyReply): void {
    void receiver
      .receive(
        nodeDelivery({
          headerName: receiver.header,
          headers: request.headers,
          readBody: (limit) => readPassedBody(request, limit),
          context: { request, reply },
        }),
      )
      .then((result) => {
        try {
          answer(request, reply, result);
        } catch (error) {
          // What Fastify does with an error an async handler throws: its error handler answers.
          reply.send(error);
        }
      });
  }
  instance.post(path, receiveWebhook);
  // Fastify 5 refuses a content-type it cannot parse (even an empty one) before any parser runs,
  // and so before the header check. The delivery is answered as everywhere else instead: 401 when
  // forged, else the receiver's own 415 (or, for an empty content-type, the delivery itself).
  instance.setErrorHandler(function answerUnparsableMediaType(error: Error & { code?: string }, request, reply) {
    if (error.code !== 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw error;
    receiveWebhook(request, reply);
  });
};

/** Sends a receive result, unless a handler already answered through `reply`. */
function answer(request: FastifyRequest, reply: FastifyReply, result: ReceiveResult): void {
  if (reply.sent) return;
  // A chunked body refused before its end is cut off rather than read and discarded.
  // So is a stalled one answered 408 (RFC 9110 §15.5.9), as every adapter decides it: closeAfter.
  if (isUnboundedRest(request.raw) || closeAfter(result) !== undefined) void reply.header('connection', 'close');
  void reply.code(result.status).header('content-type', 'application/json; charset=utf-8').send(result.body);
}

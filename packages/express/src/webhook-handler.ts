import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createWebhookReceiver, type AirstackEvents, type EventMap, type WebhookOptions } from '@social-webhooks/core/adapter';
import { answerNodeRequest } from '@social-webhooks/node';

/** What an Express handler gets second: the request and the response. */
export interface ExpressContext {
  readonly req: Request;
  readonly res: Response;
}

/** Options of the Express adapter; see `WebhookOptions` in `@social-webhooks/core`. */
export type ExpressWebhookOptions<Events extends EventMap = AirstackEvents> = WebhookOptions<ExpressContext, Events>;

/**
 * Express middleware that receives the service's webhooks: checks the delivery header in constant
 * time, parses and validates the body, runs the handler for its event, and answers the status of
 * docs/contract.md §Statuses. Works with or without `express.json()`, `.text()` or `.raw()` mounted before it.
 *
 * @param options `secret` (required without `sender`), `header` (default `x-airstack-webhook`) or
 *   `sender` (`neynarSender({ secrets })`, `miniAppSender({ verifyAppKey })`), `on`, `maxBodyBytes`
 *   (default 1 MiB), `onUnknownEvent`, `onError`, `dedupe`, `respondWithin`, `handlerTimeoutMs`,
 *   `bodyTimeoutMs`, `logger`, `onResult`, `handoff` (a durable queue instead of `on`),
 *   `deliveryIdHeaders`, `instrumentation`.
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * app.post('/webhook', webhookHandler({
 *   secret: { 'follow.created': process.env.WEBHOOK_SECRET! }, // bound to its event type: flat bodies work too
 *   on: { 'follow.created': (event, { req }) => console.log(event.data.followerProfileId) },
 * }));
 */
export function webhookHandler<Events extends EventMap = AirstackEvents>(options: ExpressWebhookOptions<Events>): RequestHandler {
  const receiver = createWebhookReceiver(options, '@social-webhooks/express');
  return function socialWebhooksExpress(req: Request, res: Response, next: NextFunction): void {
    // An error while writing the answer goes to `next`: Express 4 would not catch a rejection itself.
    void answerNodeRequest(receiver, req, res, { req, res }, next);
  };
}

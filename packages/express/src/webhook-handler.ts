import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createWebhookReceiver, type WebhookOptions } from '@social-webhooks/core/adapter';
import { readNodeBody } from './read-node-body.js';

/** What an Express handler gets second: the request and the response. */
export interface ExpressContext {
  readonly req: Request;
  readonly res: Response;
}

/** Options of the Express adapter; see `WebhookOptions` in `@social-webhooks/core`. */
export type ExpressWebhookOptions = WebhookOptions<ExpressContext>;

/**
 * Express middleware that receives the service's webhooks: checks the delivery header in constant
 * time, parses and validates the body, runs the handler for its event, and answers the status of
 * docs/contract.md §Statuses. Works with or without `express.json()`, `.text()` or `.raw()` mounted before it.
 *
 * @param options `secret` (required), `on`, `header` (default `x-airstack-webhook`), `maxBodyBytes`
 *   (default 1 MiB), `onUnknownEvent`, `onError`, `dedupe`, `respondWithin`, `logger`, `onResult`,
 *   `handoff` (a durable queue instead of `on`), `deliveryIdHeaders`, `instrumentation`.
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * app.post('/webhook', webhookHandler({
 *   secret: process.env.WEBHOOK_SECRET,
 *   on: { 'follow.created': (event, { req }) => console.log(event.data.followerProfileId) },
 * }));
 */
export function webhookHandler(options: ExpressWebhookOptions): RequestHandler {
  const receiver = createWebhookReceiver(options, '@social-webhooks/express');
  const headerName = receiver.header;
  return function socialWebhooksExpress(req: Request, res: Response, next: NextFunction): void {
    const { headers } = req;
    receiver
      .receive({
        header: headers[headerName] as string | undefined,
        contentType: headers['content-type'],
        contentLength: headers['content-length'],
        getHeader: (name) => firstValue(headers[name]),
        readBody: (limit) => readNodeBody(req, limit),
        context: { req, res },
      })
      .then((result) => {
        // A handler may have answered itself through `res`.
        if (res.headersSent) return;
        res.statusCode = result.status;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(result.body);
      })
      // Reached only if writing the response fails; Express 4 would not catch a rejection itself.
      .catch(next);
  };
}

// Node joins repeated custom headers with ", " but hands a few (set-cookie) over as an array.
function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

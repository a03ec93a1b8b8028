import type { ErrorRequestHandler } from 'express';
import { ERROR_STATUS, type WebhookErrorCode } from '@social-webhooks/core';

/**
 * What each body-parser error type (body-parser's README, "Errors") becomes: the code the receiver
 * would have answered had it read the body itself (docs/contract.md §Statuses).
 */
const BODY_PARSER_ERRORS: Readonly<Record<string, { readonly code: WebhookErrorCode; readonly message: string }>> = {
  'entity.parse.failed': { code: 'invalid_json', message: 'The body is not valid JSON.' },
  'entity.too.large': { code: 'payload_too_large', message: 'The body is larger than the body parser\'s limit.' },
  'encoding.unsupported': { code: 'unsupported_content_encoding', message: 'The body\'s content-encoding is not supported: send it uncompressed.' },
  'charset.unsupported': { code: 'unsupported_media_type', message: 'The content-type\'s charset is not supported: send application/json in UTF-8.' },
  'request.aborted': { code: 'invalid_json', message: 'The body could not be read completely.' },
  'request.size.invalid': { code: 'invalid_json', message: 'The body could not be read completely.' },
};

/**
 * An Express error-handling middleware for a body parser mounted before the webhook route
 * (a global `express.json()`): the parser refuses a malformed, oversize or compressed body before
 * the receiver runs, and Express would answer with its HTML error page and a stack trace. This
 * answers those refusals with the contract's JSON instead (`{ error, message }`, the receiver's
 * codes and statuses), never the parser's text. Any other error goes on to the next error handler.
 *
 * @example
 * app.use(express.json());
 * app.post('/webhook', webhookHandler({ secret, on }));
 * app.use('/webhook', bodyParserErrorHandler());
 */
export function bodyParserErrorHandler(): ErrorRequestHandler {
  return function socialWebhooksBodyParserErrors(error: unknown, _req, res, next): void {
    const type = typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
    const known = typeof type === 'string' && Object.hasOwn(BODY_PARSER_ERRORS, type) ? BODY_PARSER_ERRORS[type] : undefined;
    if (known === undefined || res.headersSent) {
      next(error);
      return;
    }
    res.statusCode = ERROR_STATUS[known.code];
    res.setHeader('content-type', 'application/json; charset=utf-8');
    // The parser stopped reading mid-body; the rest must not be read as the next request.
    if (type === 'entity.too.large' || type === 'request.aborted') res.setHeader('connection', 'close');
    res.end(JSON.stringify({ error: known.code, message: known.message }));
  };
}

export { webhookHandler, type ExpressContext, type ExpressWebhookOptions } from './webhook-handler.js';
export { bodyParserErrorHandler } from './body-parser-errors.js';
// Everything else a user needs (event names and types, schemas, WebhookError, dedupe stores, the
// logger and report types) is the core's main entry, re-exported whole rather than copied name by
// name, so the adapters never drift from it. This package's `webhookHandler` takes the place of
// the core's Web-standard one: an explicit export wins over `export *`.
export * from '@social-webhooks/core';

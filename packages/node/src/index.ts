export { webhookHandler, type NodeContext, type NodeNext, type NodeWebhookListener, type NodeWebhookOptions } from './webhook-handler.js';
export { answerNodeRequest, isUnboundedRest } from './answer-node-request.js';
export { writeResult } from './write-result.js';
export { firstValue, nodeDelivery, type NodeDeliveryOptions } from './node-delivery.js';
export { readNodeBody, type MaybeParsedRequest } from './read-node-body.js';
// Everything else a user needs (event names and types, schemas, WebhookError, dedupe stores, the
// logger and report types) is the core's main entry, re-exported whole rather than copied name by
// name, so the adapters never drift from it. This package's `webhookHandler` takes the place of
// the core's Web-standard one: an explicit export wins over `export *`.
export * from '@social-webhooks/core';

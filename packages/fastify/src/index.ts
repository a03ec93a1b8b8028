export { webhookPlugin, webhookPluginFor, type FastifyContext, type FastifyWebhookOptions } from './webhook-plugin.js';
// Everything else a user needs (event names and types, schemas, WebhookError, dedupe stores, the
// logger and report types) is the core's main entry, re-exported whole rather than copied name by
// name, so the adapters never drift from it. Its `webhookHandler` is the core's Web-standard one;
// on Fastify, register `webhookPlugin`.
export * from '@social-webhooks/core';

// For adapter authors: the framework-free receive path and what a framework adapter feeds it
// (docs/contract.md §Statuses). A user of an adapter needs none of it.
export { createWebhookReceiver, type WebhookReceiver } from '../receiver.js';
export type { BodyContent, Delivery, ReadBody } from '../delivery.js';
export type { ReceiveResult, SuccessCode } from '../result.js';
export { readStream, readWebBody, readWebJson } from '../body/read-web-body.js';
export { closeAfter, toResponse } from '../web/webhook-handler.js';
export type { WebhookOptions } from '../options/options.js';
export type { AirstackEvents } from '../senders/airstack/airstack-sender.js';
export type { EventMap } from '../senders/sender.js';

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
// For receivers beside the webhook's (the opens receiver of `@social-webhooks/opens`): the same body
// checks and the same answers.
export { parseBody } from '../body/parse-body.js';
export { isJsonContentType } from '../body/content-type.js';
export { failure, proceed, refusal, type Step, type Stop } from '../result.js';
export { OPEN_HINTS } from '../opens/hints.js';

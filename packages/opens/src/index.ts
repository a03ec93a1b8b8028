// The receiving side of opens (docs/notifications.md §Opens): the Web handler, its route for adapters,
// Quick Auth's verification. The page's side is `./page`, Node's listener `./node`.
export { openReceiver, toResponse, type OpenHandler } from './open-receiver.js';
export { createOpenReceiver, type OpenAnswer, type OpenReceiver, type OpenRequest } from './receive-open.js';
export { DEFAULT_OPEN_MAX_BODY_BYTES, type OpenReceiverOptions } from './open-receiver-options.js';
export { isTokenRefusal, QUICK_AUTH_ORIGIN, QUICK_AUTH_URL_ENV, quickAuthVerify, type VerifyQuickAuthToken } from './verify-token.js';
export { readOpen, type ReportedOpen } from './read-open.js';
export type { SentHistory } from './was-sent.js';
export { DEFAULT_OPEN_RETENTION_MS, memoryOpenStore, type OpenCounts, type OpenRecord, type OpenStore } from '@social-webhooks/core';

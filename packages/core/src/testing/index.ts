// For tests (supertest, Hono's `app.request`, `fetch`): the same builders as `/samples`.
export { buildDelivery, buildDeliveryRequest, sampleEvent, type BuiltDelivery, type DeliveryInit } from '../samples/index.js';
export {
  buildNeynarDelivery,
  buildNeynarDeliveryRequest,
  neynarSampleBody,
  neynarSampleEvent,
  type NeynarDeliveryInit,
} from '../samples/index.js';
export {
  createMiniAppSigner,
  DEFAULT_SIGNER_APP_FID,
  DEFAULT_SIGNER_FID,
  onChainSignerEvent,
  type JsonFarcasterSignature,
  type MiniAppPayload,
  type MiniAppSigner,
  type MiniAppSignerOptions,
  type OnChainSignerEvent,
  type SignerEventInit,
} from '../samples/index.js';

// Shipped, not test-only: the documented sample events and a builder of deliveries as the service
// sends them, which the CLI's `send` and the emulator use in production.
export { sampleEvent } from './samples.js';
export { buildDelivery, buildDeliveryRequest, type BuiltDelivery, type DeliveryInit } from './build-delivery.js';
export { buildNeynarDelivery, buildNeynarDeliveryRequest, type NeynarDeliveryInit } from './neynar-delivery.js';
export { neynarSampleBody, neynarSampleEvent } from '../senders/neynar/samples.js';
// Mini App events signed as a Farcaster client signs them, and an app key as a hub lists it: the
// emulator plays a client and a hub with these.
export {
  createMiniAppSigner,
  DEFAULT_SIGNER_APP_FID,
  DEFAULT_SIGNER_FID,
  type JsonFarcasterSignature,
  type MiniAppPayload,
  type MiniAppSigner,
  type MiniAppSignerOptions,
} from './miniapp-signer.js';
export { onChainSignerEvent, type OnChainSignerEvent, type SignerEventInit } from './hub-signer-event.js';

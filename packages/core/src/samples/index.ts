// Shipped, not test-only: the documented sample events and a builder of deliveries as the service
// sends them, which the CLI's `send` and the emulator use in production.
export { sampleEvent } from './samples.js';
export { buildDelivery, buildDeliveryRequest, type BuiltDelivery, type DeliveryInit } from './build-delivery.js';
export { buildNeynarDelivery, buildNeynarDeliveryRequest, type NeynarDeliveryInit } from './neynar-delivery.js';
export { neynarSampleBody, neynarSampleEvent } from '../senders/neynar/samples.js';

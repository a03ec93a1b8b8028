// For tests (supertest, Hono's `app.request`, `fetch`): the same builders as `/samples`.
export { buildDelivery, buildDeliveryRequest, sampleEvent, type BuiltDelivery, type DeliveryInit } from '../samples/index.js';
export {
  buildNeynarDelivery,
  buildNeynarDeliveryRequest,
  neynarSampleBody,
  neynarSampleEvent,
  type NeynarDeliveryInit,
} from '../samples/index.js';

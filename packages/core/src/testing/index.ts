export { sampleEvent } from '../samples/samples.js';
export { buildDelivery, buildDeliveryRequest, type BuiltDelivery, type DeliveryInit } from '../samples/build-delivery.js';

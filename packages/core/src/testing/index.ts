export { sampleEvent } from './samples.js';
export { buildDelivery, buildDeliveryRequest, type BuiltDelivery, type DeliveryInit } from './build-delivery.js';

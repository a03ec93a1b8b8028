import type { DeliveryTarget } from '../delivery/delivery-target.js';
import type { Webhook } from './webhooks.js';

/** The founding service's webhook as a delivery target: its header and static value on every request. */
export function airstackTarget(webhook: Webhook): DeliveryTarget {
  return {
    id: webhook.id,
    endpoint: webhook.endpoint,
    authenticate: () => ({ [webhook.headerName]: webhook.headerValue }),
    secretHeader: webhook.headerName,
  };
}

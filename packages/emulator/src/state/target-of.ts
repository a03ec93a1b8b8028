import type { ManagementContext } from '../api/management-routes.js';
import type { DeliveryTarget } from '../delivery/delivery-target.js';
import { airstackTarget } from './airstack-target.js';

/** A live webhook of any sender, as the dispatcher delivers to it; `undefined` once deleted. */
export function targetOf(context: ManagementContext, webhookId: string): DeliveryTarget | undefined {
  const webhook = context.webhooks.get(webhookId);
  return webhook === undefined ? undefined : airstackTarget(webhook);
}

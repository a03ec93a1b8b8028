import type { ManagementContext } from '../api/management-routes.js';
import type { DeliveryTarget } from '../delivery/delivery-target.js';
import type { Faults } from '../delivery/faults.js';
import { neynarTarget } from '../neynar/neynar-target.js';
import { airstackTarget } from './airstack-target.js';

/** A live webhook of any sender, as the dispatcher delivers to it; `undefined` once deleted. */
export function targetOf(context: ManagementContext, webhookId: string): DeliveryTarget | undefined {
  const webhook = context.webhooks.get(webhookId);
  if (webhook !== undefined) return airstackTarget(webhook);
  const entry = context.neynar.get(webhookId);
  return entry === undefined ? undefined : neynarTarget(context.neynar, entry);
}

/** The store that holds a webhook, of whichever sender, to read and set its faults; `undefined` when none does. */
export function storeOf(
  context: ManagementContext,
  webhookId: string,
): { setFaults(id: string, faults: Faults | undefined): void } | undefined {
  if (context.webhooks.get(webhookId) !== undefined) return context.webhooks;
  return context.neynar.get(webhookId) === undefined ? undefined : context.neynar;
}

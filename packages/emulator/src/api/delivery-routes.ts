import { faultsSchema, type Faults } from '../delivery/faults.js';
import type { DeliveryRecord } from '../delivery/delivery-log.js';
import { EmulatorError } from '../emulator-error.js';
import { storeOf, targetOf } from '../state/target-of.js';
import type { ManagementContext, RouteAnswer } from './management-routes.js';
import { firstIssue, replayFailedSchema } from './requests.js';

/** One delivery of the log. @throws {EmulatorError} `unknown_delivery`. */
export function deliveryById(context: ManagementContext, deliveryId: string): DeliveryRecord {
  const record = context.dispatcher.log.get(deliveryId);
  if (record === undefined)
    throw new EmulatorError(
      'unknown_delivery',
      `no delivery ${JSON.stringify(deliveryId)} in the log; list them with GET /_emulator/deliveries.`,
    );
  return record;
}

/** Replays one delivery as it was (same body, same delivery id). @throws {EmulatorError} */
export function replayDelivery(context: ManagementContext, deliveryId: string): DeliveryRecord {
  const webhookId = context.dispatcher.log.record(deliveryId)?.webhookId;
  context.dispatcher.replay(deliveryId, webhookId === undefined ? undefined : targetOf(context, webhookId));
  return deliveryById(context, deliveryId);
}

/** Replays every failed delivery whose webhook still exists; answers their ids. */
export function replayFailed(context: ManagementContext, webhookId?: string): string[] {
  const failed = context.dispatcher.log
    .list(webhookId)
    .filter((record) => record.state === 'failed' && targetOf(context, record.webhookId) !== undefined);
  for (const record of failed) context.dispatcher.replay(record.deliveryId, targetOf(context, record.webhookId));
  return failed.map((record) => record.deliveryId);
}

/** Sets or clears (`undefined`) a webhook's faults. @throws {EmulatorError} `unknown_webhook`, `invalid_request`. */
export function setWebhookFaults(context: ManagementContext, webhookId: string, faults: Faults | undefined): Faults {
  const store = storeOf(context, webhookId);
  if (store === undefined)
    throw new EmulatorError('unknown_webhook', `no webhook ${JSON.stringify(webhookId)}; list them with GET /_emulator/webhooks.`);
  const parsed = faultsSchema.safeParse(faults ?? {});
  if (!parsed.success)
    throw new EmulatorError(
      'invalid_request',
      `faults: ${firstIssue(parsed.error)}; the faults are duplicate, outOfOrder, delayMs and disconnect.`,
    );
  const value = Object.keys(parsed.data).length === 0 ? undefined : (parsed.data as Faults);
  store.setFaults(webhookId, value);
  return value ?? {};
}

/** `GET /_emulator/deliveries/{id}`. */
export function getDeliveryRoute(context: ManagementContext, deliveryId: string): RouteAnswer {
  return { status: 200, body: { delivery: deliveryById(context, deliveryId) } };
}

/** `POST /_emulator/deliveries/{id}/replay`. */
export function replayRoute(context: ManagementContext, deliveryId: string): RouteAnswer {
  return { status: 202, body: { status: true, delivery: replayDelivery(context, deliveryId) } };
}

/** `POST /_emulator/deliveries/replay` with `{ webhook_id? }`: every failed delivery. */
export function replayFailedRoute(context: ManagementContext, body: unknown): RouteAnswer {
  const parsed = replayFailedSchema.safeParse(body);
  if (!parsed.success) throw new EmulatorError('invalid_request', `${firstIssue(parsed.error)}; send {} or { "webhook_id": "…" }.`);
  return { status: 202, body: { status: true, replayed: replayFailed(context, parsed.data.webhook_id) } };
}

/** `PUT /_emulator/webhooks/{id}/faults` (set) and `DELETE` (clear). */
export function faultsRoute(context: ManagementContext, webhookId: string, body: unknown): RouteAnswer {
  return {
    status: 200,
    body: { status: true, webhook_id: webhookId, faults: setWebhookFaults(context, webhookId, body as Faults | undefined) },
  };
}

import type { MiniAppDeliveryRecord, ReceivedNotification } from '@social-webhooks/emulator';
import { attemptSummary } from './describe-delivery.js';

/** A Mini App delivery in a list: one line, then one per attempt. */
export function miniAppDeliverySummary(delivery: MiniAppDeliveryRecord): string[] {
  return [
    `${delivery.deliveryId}  ${delivery.eventName} of fid ${delivery.fid} (client ${delivery.appFid}) -> ${delivery.endpoint}: ${delivery.state}`,
    ...delivery.attempts.map(attemptSummary),
  ];
}

/** A notification request the emulator received: what it said, and which tokens it answered how. */
export function notificationSummary({ receivedAt, request, result, recipients }: ReceivedNotification): string[] {
  return [
    `${receivedAt}  ${JSON.stringify(request.title)}: ${JSON.stringify(request.body)} -> ${request.targetUrl} (id ${request.notificationId})`,
    `  reached ${recipients.length === 0 ? 'nobody' : recipients.map((r) => `fid ${r.fid} (client ${r.appFid})`).join(', ')}` +
      (result.invalidTokens.length === 0 ? '' : `; invalid tokens: ${result.invalidTokens.join(', ')}`),
  ];
}

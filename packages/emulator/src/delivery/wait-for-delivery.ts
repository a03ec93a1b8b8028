import { EmulatorError } from '../emulator-error.js';
import type { DeliveryLog, DeliveryRecord, DeliveryState } from './delivery-log.js';

/** Which delivery to wait for: its id, or fields it must have, or a predicate. */
export type DeliveryMatch =
  | string
  | {
      readonly deliveryId?: string;
      readonly webhookId?: string;
      readonly eventName?: string;
      /** The state to wait for. Default: any settled one (delivered, failed or cancelled). */
      readonly state?: Exclude<DeliveryState, 'pending'>;
      /** A further check, e.g. on the attempts. */
      readonly where?: (record: DeliveryRecord) => boolean;
    };

/** Options of `waitForDelivery`. */
export interface WaitOptions {
  /** Give up after this many ms. Default 10,000. */
  readonly timeoutMs?: number;
}

/**
 * Resolves with the first delivery in the log (oldest first) that matches and has settled, now or
 * once it does; rejects with `wait_timeout` after `timeoutMs`.
 */
export function waitForDelivery(log: DeliveryLog, match: DeliveryMatch, options: WaitOptions = {}): Promise<DeliveryRecord> {
  const criteria = typeof match === 'string' ? { deliveryId: match } : match;
  const fits = (record: DeliveryRecord) =>
    (criteria.deliveryId === undefined || record.deliveryId === criteria.deliveryId) &&
    (criteria.webhookId === undefined || record.webhookId === criteria.webhookId) &&
    (criteria.eventName === undefined || record.eventName === criteria.eventName) &&
    (criteria.state === undefined ? record.state !== 'pending' : record.state === criteria.state) &&
    (criteria.where === undefined || criteria.where(record));
  const found = log.list().find(fits);
  if (found !== undefined) return Promise.resolve(found);
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      const pending = log.list().filter((record) => record.state === 'pending').length;
      reject(new EmulatorError('wait_timeout', `no delivery matching ${describe(criteria)} settled within ${timeoutMs} ms (${pending} pending); check that a webhook matches the event (publish answers which did) and that its receiver answers, or raise timeoutMs.`));
    }, timeoutMs);
    const unsubscribe = log.subscribe((record) => {
      if (!fits(record)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(record);
    });
  });
}

function describe(criteria: Exclude<DeliveryMatch, string>): string {
  return JSON.stringify({ ...criteria, where: criteria.where === undefined ? undefined : 'a predicate' });
}

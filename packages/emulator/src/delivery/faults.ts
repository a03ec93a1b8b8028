import { z } from 'zod';

/**
 * Faults to inject into deliveries, per webhook or per publish, to rehearse what the real gateway
 * does (docs: "Delivery semantics": at-least-once, retries, no ordering promise, a few seconds' wait).
 */
export interface Faults {
  /** Send each delivery twice: the same body and the same delivery id, one right after the other. */
  readonly duplicate?: boolean | undefined;
  /**
   * Hold each delivery until the next delivery to the same endpoint (of any webhook) has been
   * answered, or 2 s have passed: a `follow.created` published with it, then a `follow.deleted`,
   * arrive deleted first. On a webhook, consecutive events arrive swapped in pairs.
   */
  readonly outOfOrder?: boolean | undefined;
  /** Wait this many milliseconds before the first attempt. */
  readonly delayMs?: number | undefined;
  /**
   * Cut the connection once the receiver starts to answer, without reading the answer, on the first
   * attempt (`true`) or the first N attempts: the receiver did its work, the gateway saw a failure
   * and retries, so the receiver sees the same delivery again.
   */
  readonly disconnect?: boolean | number | undefined;
}

/** How long an out-of-order delivery waits at most for the next one, in ms. */
export const OUT_OF_ORDER_HOLD_MS = 2000;

/** The faults' JSON shape, for the HTTP API; unknown keys are refused so a typo is not ignored. */
export const faultsSchema = z.strictObject({
  duplicate: z.boolean().optional(),
  outOfOrder: z.boolean().optional(),
  delayMs: z.number().int().min(0).max(600_000).optional(),
  disconnect: z.union([z.boolean(), z.number().int().min(0).max(100)]).optional(),
});

/** The publish's faults over the webhook's, key by key. */
export function mergeFaults(webhook: Faults | undefined, publish: Faults | undefined): Faults {
  return { ...webhook, ...publish };
}

/** How many attempts the `disconnect` fault cuts. */
export function disconnectCount(faults: Faults): number {
  const { disconnect } = faults;
  if (disconnect === true) return 1;
  return typeof disconnect === 'number' ? disconnect : 0;
}

/** Drops empty fields, so a record shows only the faults in force. */
export function compactFaults(faults: Faults): Faults | undefined {
  const entries = Object.entries(faults).filter(([, value]) => value !== undefined && value !== false && value !== 0);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as Faults);
}

import { z } from 'zod';

/**
 * Faults the emulator's notification route plays for its next `times` requests, so a sender's
 * handling of a failing Farcaster client can be rehearsed: an error status, a slow answer, or a 200
 * whose body a sender must not trust.
 */
export interface NotificationFaults {
  /** Answer this 5xx status without handling the request: nothing is delivered, nothing remembered. */
  readonly status?: number | undefined;
  /** Handle the request, then wait this many ms before answering (a sender that gives up retries; the users still received it once). */
  readonly delayMs?: number | undefined;
  /**
   * Handle the request, then answer 200 with a body that is not the protocol's: `not_json` (text),
   * or `no_result` (JSON without a valid `result`). The users received it; a sender must count the
   * batch as failed and retry with the same `notificationId`, which the dedupe answers successful.
   */
  readonly brokenBody?: 'not_json' | 'no_result' | undefined;
  /** How many requests get these faults, the next ones first. Default 1. */
  readonly times?: number | undefined;
}

/** The faults in force and how many requests they still apply to. */
export interface ActiveNotificationFaults extends Omit<NotificationFaults, 'times'> {
  readonly remaining: number;
}

/** The JSON shape of `PUT /_emulator/miniapp/notifications/faults`; unknown keys are refused so a typo is not ignored. */
export const notificationFaultsSchema = z
  .strictObject({
    status: z.number().int().min(500).max(599).optional(),
    delayMs: z.number().int().min(0).max(600_000).optional(),
    brokenBody: z.enum(['not_json', 'no_result']).optional(),
    times: z.number().int().min(1).max(10_000).optional(),
  })
  .refine((faults) => faults.status === undefined || faults.brokenBody === undefined, {
    message: 'status and brokenBody exclude each other: a 5xx carries no result to break',
    path: ['brokenBody'],
  })
  .refine((faults) => faults.status !== undefined || faults.delayMs !== undefined || faults.brokenBody !== undefined, {
    message: 'name at least one fault: status (5xx), delayMs or brokenBody',
  });

/** The faults the notification route holds; each request takes them once until none remain. */
export class NotificationFaultState {
  #active: ActiveNotificationFaults | undefined;

  /** Sets the faults for the next `times` requests (replacing any in force); `undefined` clears them. */
  set(faults: NotificationFaults | undefined): void {
    if (faults === undefined) return void (this.#active = undefined);
    const { times = 1, ...rest } = faults;
    this.#active = { ...rest, remaining: times };
  }

  /** The faults in force, or `undefined`. */
  get(): ActiveNotificationFaults | undefined {
    return this.#active === undefined ? undefined : { ...this.#active };
  }

  /** The faults for the request arriving now, counted off; `undefined` when none are in force. */
  take(): Omit<NotificationFaults, 'times'> | undefined {
    const active = this.#active;
    if (active === undefined) return undefined;
    const { remaining, ...faults } = active;
    this.#active = remaining > 1 ? { ...active, remaining: remaining - 1 } : undefined;
    return faults;
  }
}

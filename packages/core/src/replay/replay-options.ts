import { WebhookError } from '../errors.js';
import type { DeliveryArchive } from '../archive/delivery-archive.js';
import type { ResolvedArchive } from '../archive/resolve-archive.js';
import { resolveArchive } from '../archive/resolve-archive.js';
import type { WebhookOptions } from '../options/options.js';
import type { EventMap } from '../senders/sender.js';
import { createWebhookReceiver, type WebhookReceiver } from '../receiver.js';
import type { ReplayedDelivery } from './replay-report.js';

/** What {@link replay} takes. */
export interface ReplayOptions {
  /**
   * Whose handlers run the replayed deliveries: the receiver's options, the same object given to
   * `webhookHandler()` (its `on` map, `dedupe`, `respondWithin`, or its `handoff`), or a receiver of
   * `createWebhookReceiver()`. Required.
   */
  // The options of any sender: a replay reads only what every sender's options share.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly receiver: WebhookReceiver<any> | WebhookOptions<any, any>;
  /** Where the deliveries are read from. Default: the receiver's `archive` option. */
  readonly archive?: DeliveryArchive;
  /** Arrived at or after: ms since the epoch, a `Date`, or an ISO string. Default: the oldest kept. */
  readonly since?: number | Date | string;
  /** Arrived before. Default: when the replay started (a delivery of that very millisecond included). */
  readonly until?: number | Date | string;
  readonly sender?: string;
  readonly eventName?: string;
  /** Only deliveries whose recorded outcome has this code (`handler_failed`, `accepted`, …). */
  readonly code?: string;
  /** Says how many and which deliveries would be replayed or skipped, and sends nothing. Default `false`. */
  readonly dryRun?: boolean;
  /** Runs deliveries already handled again too. Default `false`: dedupe and the archive's outcomes decide. */
  readonly force?: boolean;
  /** The most deliveries replayed a second. Default 10. */
  readonly ratePerSecond?: number;
  /**
   * A name under which the replay keeps its progress in the archive: the same replay run again
   * (after a crash) goes on after the last delivery it finished. Default: none (not resumable).
   */
  readonly checkpoint?: string;
  /**
   * How long a delivery answered `delivery_in_progress` (its key claimed by a handler running now, or
   * by a replay that died midway, until the claim's `leaseMs` lapses) is tried again, every half
   * second, before it counts as failed. Default 60,000 (dedupe's default `leaseMs`).
   */
  readonly inProgressWaitMs?: number;
  /** The second argument handlers get (a replay has no request). Default `undefined`. */
  readonly context?: unknown;
  /** Called after each delivery, with how it went. */
  readonly onDelivery?: (delivery: ReplayedDelivery) => unknown;
}

/** The options checked, the receiver built, the window fixed. */
export interface ResolvedReplay {
  readonly receiver: WebhookReceiver<unknown>;
  readonly archive: ResolvedArchive;
  readonly since: number | undefined;
  readonly until: number;
  readonly sender: string | undefined;
  readonly eventName: string | undefined;
  readonly code: string | undefined;
  readonly dryRun: boolean;
  readonly force: boolean;
  readonly intervalMs: number;
  readonly checkpoint: string | undefined;
  readonly inProgressWaitMs: number;
  readonly context: unknown;
  readonly onDelivery: ((delivery: ReplayedDelivery) => unknown) | undefined;
}

const SOURCE = '@social-webhooks/core';

/**
 * @throws {WebhookError} `invalid_options`, saying what to pass instead.
 */
export function resolveReplay(options: ReplayOptions): ResolvedReplay {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${SOURCE}: replay(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object: replay({ receiver, since }).');
  const given = options.receiver as Partial<WebhookReceiver<unknown>> | undefined;
  if (typeof given !== 'object' || given === null)
    return fail('`receiver` is required: the options given to webhookHandler(), or a receiver.');
  const receiver =
    typeof given.receive === 'function' && typeof given.replay === 'function'
      ? (given as WebhookReceiver<unknown>)
      : createWebhookReceiver(given as unknown as WebhookOptions<unknown, EventMap>, SOURCE);
  const archive = options.archive === undefined ? receiver.archive : resolveArchive(options.archive, [], SOURCE);
  if (archive === undefined) return fail('needs an archive to read: pass `archive`, or give the receiver its `archive` option.');
  const rate = options.ratePerSecond ?? 10;
  if (typeof rate !== 'number' || !(rate > 0) || !Number.isFinite(rate))
    fail(`\`ratePerSecond\` must be a positive number (default 10); got ${String(rate)}.`);
  const checkpoint = options.checkpoint;
  if (checkpoint !== undefined && (typeof checkpoint !== 'string' || checkpoint === ''))
    fail('`checkpoint` must be a non-empty name, e.g. "replay-2026-11-28".');
  const inProgressWaitMs = options.inProgressWaitMs ?? 60_000;
  if (!Number.isSafeInteger(inProgressWaitMs) || inProgressWaitMs < 0)
    fail(`\`inProgressWaitMs\` must be a whole number of milliseconds (default 60000); got ${String(inProgressWaitMs)}.`);
  if (options.onDelivery !== undefined && typeof options.onDelivery !== 'function') fail('`onDelivery` must be a function.');
  return {
    receiver,
    archive,
    since: time(options.since, 'since', fail),
    // The bound is exclusive: by default a delivery archived in this very millisecond is in the window.
    until: time(options.until, 'until', fail) ?? Date.now() + 1,
    sender: options.sender,
    eventName: options.eventName,
    code: options.code,
    dryRun: options.dryRun === true,
    force: options.force === true,
    intervalMs: 1000 / rate,
    checkpoint,
    inProgressWaitMs,
    context: options.context,
    onDelivery: options.onDelivery,
  };
}

function time(value: number | Date | string | undefined, name: string, fail: (message: string) => never): number | undefined {
  if (value === undefined) return undefined;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
  if (typeof ms !== 'number' || !Number.isFinite(ms))
    fail(`\`${name}\` must be a time: ms since the epoch, a Date or an ISO string; got ${JSON.stringify(value)}.`);
  return ms;
}

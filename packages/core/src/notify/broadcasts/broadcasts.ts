import { WebhookError } from '../../errors.js';
import { checkNotification } from '../check-notification.js';
import { checkExpiresAt, checkSendAt, type ExpiresAt } from '../expiry.js';
import type { Notification } from '../notification.js';
import { broadcastId } from './broadcast-id.js';
import { cancelBroadcast, type BroadcastCancel } from './cancel-broadcast.js';
import { progressOf, type BroadcastProgress } from './broadcast-progress.js';
import { initialState } from './broadcast-state.js';
import { resolveBroadcastsOptions, type BroadcastsOptions, type ResolvedBroadcastsOptions } from './broadcasts-options.js';
import { recordableAudience, type RecordableAudience } from './recordable-audience.js';
import { runBroadcast } from './run-broadcast.js';

/** What `start()` answers: the broadcast's id, whether it was recorded already, and when it first was. */
export interface BroadcastStart {
  readonly id: string;
  /** The same notification to the same audience was started before (and has not lapsed): nothing new was recorded. */
  readonly existing: boolean;
  readonly createdAt: number;
}

/** Options of `start()`: whom the broadcast is for, and until when it is worth sending. */
export interface BroadcastStartOptions {
  readonly to: RecordableAudience;
  /** When the notification stops being worth sending: ms since the epoch, or a `Date`. Default: never. */
  readonly expiresAt?: ExpiresAt;
  /**
   * When to send (ms since the epoch, or a `Date`): `run()` leaves the broadcast alone until then
   * (`progress.scheduledAt`). Past or now: at once. Not part of the id. Default: at once.
   */
  readonly at?: ExpiresAt;
}

/** What one `run()` did. */
export interface BroadcastRun {
  /** No broadcast is left unfinished (of the one asked for, with `id`). */
  readonly done: boolean;
  /** The progress of each broadcast this run worked on, after its work. */
  readonly broadcasts: readonly BroadcastProgress[];
  /** Broadcasts not worked on because another run holds them (their lease has not run out). */
  readonly busy: readonly string[];
}

/** Resumable broadcasts: see {@link createBroadcasts}. */
export interface Broadcasts {
  /**
   * Records a broadcast of `notification` to `to` (a FID, a list of FIDs, `'all'`, or an audience
   * object of `all`, `fids`, `exclude`, `client`, `enabledSince` and `enabledBefore`) and sends nothing: `run()` does. The same
   * `notificationId` to the same audience is the same broadcast: `existing: true`, with the first
   * call's `createdAt` (and its `expiresAt`). Past `expiresAt`, what is not sent is counted `expired`.
   * @throws {WebhookError} `invalid_options` when the notification breaks a limit, `to` cannot be recorded or `expiresAt` is not a time.
   */
  start(notification: Notification, options: BroadcastStartOptions): Promise<BroadcastStart>;
  /**
   * Works every unfinished broadcast (oldest first), or the one `id`, until each is done or
   * `timeLimitMs` (default 50,000) is near: no request starts that could not end within it. Run it
   * again (a cron, a retried function) until `done`.
   * @throws what the stores throw; what was saved before stays, and the next run goes on from there.
   */
  run(options?: { readonly timeLimitMs?: number; readonly id?: string }): Promise<BroadcastRun>;
  /** Where the broadcast `id` stands, or `undefined` when there is none (or it lapsed). */
  get(id: string): Promise<BroadcastProgress | undefined>;
  /**
   * Cancels the broadcast `id`, from any process. One no run has worked on yet (scheduled by `at`, or
   * waiting for its first run) sends nothing: `not-started`. One in progress is stopped: what was sent
   * stays sent, what was read and not sent is counted `cancelled` (in `get()` and in the history), and
   * the rest of the audience is never read. Resolves once no batch of it is live: a request that had
   * left is waited for (its answer, or its `timeoutMs`), so nothing is sent after `cancel()`
   * resolves, by any run in any process. A later `run()` sends nothing more of it.
   * @throws {WebhookError} `invalid_options` when `id` is not a non-empty string; what the record store throws.
   */
  cancel(id: string): Promise<BroadcastCancel>;
}

/** Broadcasts one `run()` looks at when given no `id`. */
const RUN_BROADCASTS = 100;
const DEFAULT_TIME_LIMIT_MS = 50_000;

/**
 * Broadcasts that can simply be run again until they are done, reaching nobody twice: for a
 * serverless app (a Vercel cron, a Cloudflare cron trigger, a retried function) with no long-running
 * worker. `start()` records a broadcast in `records`; each `run()` sends what is left, for at most
 * `timeLimitMs`, keeping the cursor into the token store and the counts in the record after every
 * step, so a run killed at a third is continued by the next run, which sends only what was left.
 * Rate-limited targets are held in the record for a later run rather than waited for.
 *
 * @param options every option of `createNotifier`, with `limiter` required, and `records`
 *   (required), `leaseMs` (docs/notifications.md, "Broadcasts without a worker").
 * @throws {WebhookError} `invalid_options` when an option is wrong, saying how to fix it.
 * @example
 * const broadcasts = createBroadcasts({ store: tokens, limiter, records: memoryBroadcastRecords(), domain: 'example.com' });
 * await broadcasts.start({ notificationId: 'digest-2026-11-27', title: 'Your digest', body: '3 new casts', targetUrl: 'https://example.com/digest' }, { to: 'all' });
 * const { done } = await broadcasts.run({ timeLimitMs: 50_000 }); // again, from a cron, until done
 */
export function createBroadcasts(options: BroadcastsOptions): Broadcasts {
  const resolved = resolveBroadcastsOptions(options);
  return {
    start: (notification, startOptions) => startBroadcast(resolved, notification, startOptions),
    run: (runOptions) => runBroadcasts(resolved, runOptions),
    get: async (id) => {
      const record = await resolved.records.get(id);
      return record === undefined ? undefined : progressOf(record);
    },
    cancel: (id) => cancelBroadcast(resolved, id),
  };
}

async function startBroadcast(
  options: ResolvedBroadcastsOptions,
  input: Notification,
  startOptions: BroadcastStartOptions,
): Promise<BroadcastStart> {
  const source = '@social-webhooks/core: broadcasts.start()';
  if (typeof startOptions !== 'object' || startOptions === null)
    throw new WebhookError('invalid_options', `${source}: the second argument is \`{ to }\`, such as { to: 'all' }.`);
  const notification = checkNotification(input, options.notifier.domain, source);
  const expiresAt = checkExpiresAt(startOptions.expiresAt, source);
  const plan = { notification, ...recordableAudience(startOptions.to, source), ...(expiresAt !== undefined && { expiresAt }) };
  const id = await broadcastId(plan);
  const now = Date.now();
  const at = checkSendAt(startOptions.at, source);
  const state = { ...initialState(), ...(at !== undefined && at > now && { notBefore: at }) };
  const { created, record } = await options.records.create({ id, createdAt: now, plan, state });
  return { id, existing: !created, createdAt: record.createdAt };
}

async function runBroadcasts(
  options: ResolvedBroadcastsOptions,
  { timeLimitMs = DEFAULT_TIME_LIMIT_MS, id }: { readonly timeLimitMs?: number; readonly id?: string } = {},
): Promise<BroadcastRun> {
  const source = '@social-webhooks/core: broadcasts.run()';
  const least = options.notifier.timeoutMs + options.marginMs;
  if (!Number.isSafeInteger(timeLimitMs) || timeLimitMs < least) {
    throw new WebhookError(
      'invalid_options',
      `${source}: \`timeLimitMs\` must be an integer of at least timeoutMs + ${options.marginMs} (${least}), so one request fits; got ${String(timeLimitMs)}. Lower \`timeoutMs\` for shorter runs.`,
    );
  }
  if (id !== undefined && typeof id !== 'string') throw new WebhookError('invalid_options', `${source}: \`id\` is what start() answered.`);
  const { records } = options;
  const context = { ...options, options: options.notifier, owner: crypto.randomUUID(), deadline: Date.now() + timeLimitMs };
  const ids = id === undefined ? await records.unfinished(RUN_BROADCASTS) : [id];
  const broadcasts: BroadcastProgress[] = [];
  const busy: string[] = [];
  let done = true;
  for (const each of ids) {
    const outcome = await runBroadcast(context, each);
    const record = await records.get(each);
    if (record === undefined) {
      if (id !== undefined)
        throw new WebhookError(
          'invalid_options',
          `${source}: no broadcast "${id}": start() records one, and a record lapses keepMs after it.`,
        );
      continue;
    }
    const progress = progressOf(record);
    if (outcome === 'busy' && !progress.done) busy.push(each);
    else broadcasts.push(progress);
    done &&= progress.done;
  }
  if (done && id === undefined && ids.length === RUN_BROADCASTS) done = (await records.unfinished(1)).length === 0;
  return { done, broadcasts, busy };
}

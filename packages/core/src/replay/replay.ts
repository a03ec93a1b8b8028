import { WebhookError } from '../errors.js';
import type { ArchivedDelivery, ArchiveQuery, ReplayCheckpoint } from '../archive/delivery-archive.js';
import type { ResolvedArchive } from '../archive/resolve-archive.js';
import { withTimeout } from '../dedupe/with-timeout.js';
import { resolveReplay, type ReplayOptions, type ResolvedReplay } from './replay-options.js';
import type { ReplayedDelivery, ReplayReport } from './replay-report.js';

// Outcomes after which the event counts as handled: a replay runs it again only when forced.
const HANDLED = new Set(['handled', 'no_handler', 'unknown_event', 'duplicate']);

/**
 * Sends archived deliveries again through today's handlers (docs/archive.md): those of a window of
 * arrival times and filters, oldest first, at most `ratePerSecond`. Without the sender's check:
 * their bytes were verified when they were archived. Respecting dedupe: a delivery whose recorded
 * outcome (or last replay) handled it, or whose key the receiver's dedupe store holds as handled,
 * or that another delivery of the window with the same key handled, is skipped unless `force`. A
 * handler tells a replay by `replayOf(event)`. With `checkpoint`, the progress is kept in the
 * archive after each delivery, so the same replay run again after a crash goes on where it
 * stopped; with `dedupe` on the receiver, a delivery handled just before the crash is not run twice.
 *
 * @throws {WebhookError} `invalid_options` for a mistake in the options; `archive_unavailable` when
 *   the archive cannot be read or written.
 * @example
 * const report = await replay({ receiver: options, since: '2026-11-28T14:00:00Z', until: '2026-11-28T16:00:00Z', checkpoint: 'fix-1' });
 * console.log(`${report.replayed} replayed, ${report.skipped} skipped, ${report.failed} failed`);
 */
export async function replay(options: ReplayOptions): Promise<ReplayReport> {
  const resolved = resolveReplay(options);
  const { archive, checkpoint } = resolved;
  const saved =
    checkpoint === undefined || resolved.dryRun
      ? undefined
      : await call(archive, 'read a checkpoint', () => archive.store.checkpoint(checkpoint));
  const handledKeys = await keysHandled(resolved);
  let progress: ReplayCheckpoint = saved ?? { after: '', replayed: 0, skipped: 0, failed: 0, savedAt: 0 };
  const deliveries: ReplayedDelivery[] = [];
  const counts = { replayed: 0, failed: 0, skipped: 0 };
  const started = Date.now();
  let sent = 0;
  for await (const archived of walk(resolved, saved?.after)) {
    const reason = skipReason(archived, resolved.force, handledKeys);
    let done: ReplayedDelivery;
    if (resolved.dryRun) {
      done = describe(archived, reason === undefined ? 'would_replay' : 'would_skip', reason ?? 'replay');
    } else if (reason !== undefined) {
      done = describe(archived, 'skipped', reason);
      progress = next(progress, archived.id, 'skipped');
      if (checkpoint !== undefined) await call(archive, 'save a checkpoint', () => archive.store.saveCheckpoint(checkpoint, progress));
    } else {
      // Spaced from the run's start, so a slow handler does not add to the wait that follows it.
      const due = started + sent * resolved.intervalMs;
      sent++;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      const at = Date.now();
      const result = await replayOnce(resolved, archived, checkpoint ?? `run-${started}`, at);
      // A hand-off's job left as it was (waiting, running, or completed and not forced) is a skip.
      const outcome = result.code === 'duplicate' || result.skipped !== undefined ? 'skipped' : result.status < 300 ? 'replayed' : 'failed';
      if (outcome === 'replayed' && archived.deliveryKey !== undefined && result.code !== 'queued') handledKeys.add(archived.deliveryKey);
      done = describe(archived, outcome, result.skipped ?? result.code);
      progress = next(progress, archived.id, outcome);
      const value = checkpoint === undefined ? undefined : { name: checkpoint, value: progress };
      await call(archive, 'record a replay', () =>
        archive.store.recordReplay(archived.id, { at, status: result.status, code: result.code }, value),
      );
    }
    counts[done.outcome === 'would_replay' ? 'replayed' : done.outcome === 'would_skip' ? 'skipped' : done.outcome]++;
    deliveries.push(done);
    await resolved.onDelivery?.(done);
  }
  const report = { matched: deliveries.length, ...counts, dryRun: resolved.dryRun, deliveries };
  return saved === undefined ? report : { ...report, resumedAfter: saved.after };
}

/**
 * Runs one delivery again; while its key is claimed by a handler running now (or by a replay that
 * died midway, until its lease lapses), tries again every half second for `inProgressWaitMs`.
 */
async function replayOnce(resolved: ResolvedReplay, archived: ArchivedDelivery, run: string, at: number) {
  const again = () => resolved.receiver.replay(archived, { force: resolved.force, run, context: resolved.context, at });
  let result = await again();
  for (let waited = 0; result.code === 'delivery_in_progress' && waited < resolved.inProgressWaitMs; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    result = await again();
  }
  return result;
}

/** Why a delivery is not run again, or `undefined` when it is. */
function skipReason(archived: ArchivedDelivery, force: boolean, handledKeys: ReadonlySet<string>): string | undefined {
  if (force) return undefined;
  if (HANDLED.has(archived.code)) return `already_${archived.code === 'handled' ? 'handled' : archived.code}`;
  if (archived.lastReplay !== undefined && HANDLED.has(archived.lastReplay.code)) return 'already_replayed';
  if (archived.deliveryKey !== undefined && handledKeys.has(archived.deliveryKey)) return 'handled_by_another_delivery';
  // A job was queued, and nothing tells how it ended nor keys it: the queue's own failed list is where to retry it.
  if (archived.code === 'queued' && archived.deliveryKey === undefined) return 'queued_without_key';
  return undefined;
}

/** The keys of the window's deliveries that were handled: their other deliveries (a sender's retries) are not run again. */
async function keysHandled(resolved: ResolvedReplay): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const archived of walk(resolved, undefined)) {
    if (archived.deliveryKey === undefined) continue;
    if (HANDLED.has(archived.code) || (archived.lastReplay !== undefined && HANDLED.has(archived.lastReplay.code)))
      keys.add(archived.deliveryKey);
  }
  return keys;
}

/** The window's deliveries, oldest first, after `after`, a page at a time. */
async function* walk(resolved: ResolvedReplay, after: string | undefined): AsyncGenerator<ArchivedDelivery> {
  const { archive } = resolved;
  let cursor = after === '' ? undefined : after;
  for (;;) {
    const query: ArchiveQuery = {
      ...(resolved.since !== undefined && { since: resolved.since }),
      until: resolved.until,
      ...(resolved.sender !== undefined && { sender: resolved.sender }),
      ...(resolved.eventName !== undefined && { eventName: resolved.eventName }),
      ...(resolved.code !== undefined && { code: resolved.code }),
      ...(cursor !== undefined && { cursor }),
      order: 'asc',
      limit: 100,
    };
    const page = await call(archive, 'list deliveries', () => archive.store.list(query));
    yield* page.deliveries;
    if (page.cursor === undefined) return;
    cursor = page.cursor;
  }
}

function next(progress: ReplayCheckpoint, id: string, outcome: 'replayed' | 'failed' | 'skipped'): ReplayCheckpoint {
  return { ...progress, after: id, [outcome]: progress[outcome] + 1, savedAt: Date.now() };
}

function describe(archived: ArchivedDelivery, outcome: ReplayedDelivery['outcome'], code: string): ReplayedDelivery {
  return { id: archived.id, eventName: archived.eventName, receivedAt: archived.receivedAt, recorded: archived.code, outcome, code };
}

async function call<T>(archive: ResolvedArchive, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await withTimeout(run, archive.timeoutMs, () => new Error(`no answer within the archive's timeoutMs (${archive.timeoutMs} ms)`));
  } catch (error) {
    throw new WebhookError(
      'archive_unavailable',
      `@social-webhooks/core: replay() could not ${what} in the archive: ${(error as Error).message}. Run it again: with a checkpoint it goes on where it stopped.`,
      { cause: error },
    );
  }
}

import type { BroadcastAudience } from '@social-webhooks/bullmq';
import type { NotificationAudience } from '@social-webhooks/core';
import { redacted } from '../args/connect-redis.js';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { notificationLine } from '../output/describe-notify.js';
import { print } from '../output/print.js';
import { boundedByTimeout, toConnection } from '../queue/open-queue.js';
import { sendAtFlag } from './expires-at-flag.js';

const COMMAND = 'notify';
/** Flags of a send in this process, which workers' own options decide when the broadcast is queued. */
const IN_PROCESS_ONLY = ['emulator', 'api-key', 'prefix', 'fids-file', 'dry-run', 'concurrency', 'retries', 'rate-limit-wait', 'interval'];

/** What `notify --queue` queues. */
export interface QueuedNotify {
  readonly notification: { readonly notificationId: string; readonly title: string; readonly body: string; readonly targetUrl: string };
  readonly to: NotificationAudience;
  readonly expiresAt: number | undefined;
}

/**
 * `notify --queue NAME [--at TIME]`: queues the notification as a broadcast of
 * `@social-webhooks/bullmq` (`notificationBroadcaster().broadcast()`) on the queue `NAME` of the Redis
 * of `--redis URL`, for the app's `notificationWorker`s to send, at `--at` or at once; sends nothing
 * itself. The same `--id` to the same audience again adds nothing (`existing`).
 * @throws {CliError} `usage_error` without `--queue` or `--redis`, with a flag of an in-process send,
 *   or for a malformed `--at`; `network_error` when Redis does not answer within `--timeout`.
 */
export async function queueNotify(context: CommandContext, { notification, to, expiresAt }: QueuedNotify): Promise<number> {
  const queueName = stringFlag(context.values, 'queue', COMMAND);
  if (queueName === undefined) {
    throw usage('--at queues the broadcast for your notificationWorkers: it goes with --queue NAME (theirs, default "notifications")');
  }
  const given = IN_PROCESS_ONLY.find((flag) => context.values[flag] !== undefined);
  if (given !== undefined) {
    throw usage(
      `--${given} is for a send in this process; with --queue your notificationWorkers send, with their own options` +
        (given === 'fids-file' ? ' (a queued broadcast keeps its audience as JSON: pass --to FID[,FID…], --all or --client)' : ''),
    );
  }
  const url = stringFlag(context.values, 'redis', COMMAND);
  if (url === undefined) throw usage('--queue NAME needs --redis URL: the Redis of the queue your notificationWorkers read');
  const at = sendAtFlag(context.values);
  const domain = stringFlag(context.values, 'domain', COMMAND);
  const where = `queue ${JSON.stringify(queueName)} at ${redacted(url)}`;
  // Loaded here, so the other commands never load bullmq.
  const { notificationBroadcaster } = await import('@social-webhooks/bullmq');
  const connection = toConnection(url, COMMAND);
  const broadcaster = notificationBroadcaster({ connection, queueName, logger: false, ...(domain !== undefined && { domain }) });
  try {
    // Without --fids-file the flags give the JSON forms a queued broadcast keeps (audience-flags.ts).
    const options = { to: to as BroadcastAudience, ...(expiresAt !== undefined && { expiresAt }), ...(at !== undefined && { at }) };
    const queued = await boundedByTimeout(context, where, 'Set --redis.', () => broadcaster.broadcast(notification, options));
    const scheduledAt = at !== undefined && at > Date.now() ? new Date(at).toISOString() : undefined;
    const result = { ...queued, createdAt: new Date(queued.createdAt).toISOString(), ...(scheduledAt !== undefined && { scheduledAt }) };
    print(context, { notification, queue: where, queued: result }, [
      notificationLine(notification),
      queued.existing
        ? `Queued already at ${result.createdAt} (${where}): nothing added, nobody notified again. A new broadcast needs a new --id.`
        : `Queued as broadcast ${queued.id} on ${where}${scheduledAt === undefined ? '' : `, to send at ${scheduledAt}`}: your notificationWorkers send it.`,
      `Cancel it: social-webhooks cancel ${queued.id} --queue ${queueName} --redis ${redacted(url)}`,
    ]);
    return EXIT_CODES.ok;
  } finally {
    await broadcaster.close();
  }
}

function usage(message: string): CliError {
  return new CliError('usage_error', message, { command: COMMAND });
}

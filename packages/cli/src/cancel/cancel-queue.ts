import { redacted } from '../args/connect-redis.js';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import { cancelExitCode, cancelLine } from '../output/describe-cancel.js';
import { print } from '../output/print.js';
import { boundedByTimeout, DEFAULT_REDIS_URL, toConnection } from '../queue/open-queue.js';

/** The notification queue's default name, as `notificationBroadcaster` and `notificationWorker` name it. */
export const DEFAULT_NOTIFY_QUEUE = 'notifications';

/**
 * `cancel ID [--queue NAME] [--redis URL]`: cancels a broadcast queued on `@social-webhooks/bullmq`'s
 * notification queue (`notify --queue`, or `broadcaster.broadcast()` in your app) through
 * `notificationBroadcaster().cancel(id)`; returns once no request of it is on the wire.
 * @throws {CliError} `usage_error` for a bad `--redis` URL; `network_error` when Redis does not answer within `--timeout`.
 */
export async function cancelQueued(context: CommandContext, id: string, command: string): Promise<number> {
  const url = stringFlag(context.values, 'redis', command) ?? nonEmpty(context.io.env.REDIS_URL) ?? DEFAULT_REDIS_URL;
  const queueName = stringFlag(context.values, 'queue', command) ?? DEFAULT_NOTIFY_QUEUE;
  const connection = toConnection(url, command);
  const where = `queue ${JSON.stringify(queueName)} at ${redacted(url)}`;
  // Loaded here, so the other commands never load bullmq.
  const { notificationBroadcaster } = await import('@social-webhooks/bullmq');
  const broadcaster = notificationBroadcaster({ connection, queueName, logger: false });
  try {
    // Redis answers within --timeout first; then cancel() waits for a request on the wire, which
    // ends within the workers' timeoutMs (10 s by default), whatever --timeout is.
    await boundedByTimeout(context, where, 'Set --redis or REDIS_URL.', () => broadcaster.progress(id));
    const answer = await broadcaster.cancel(id).catch((error: unknown) => {
      throw new CliError('network_error', `Redis failed while cancelling ${id} (${where}): ${String(error)}`, { command, cause: error });
    });
    print(context, { ...answer, queue: where }, [cancelLine(id, answer.cancelled, 'queue', where)]);
    return cancelExitCode(answer.cancelled);
  } finally {
    await broadcaster.close();
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

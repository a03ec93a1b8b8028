import { redacted } from '../args/connect-redis.js';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';
import { boundedByTimeout, DEFAULT_REDIS_URL, toConnection } from '../queue/open-queue.js';

const COMMAND = 'cancel';
/** The notification queue's default name, as `notificationBroadcaster` and `notificationWorker` name it. */
const DEFAULT_NOTIFY_QUEUE = 'notifications';

/** What each answer of `cancel()` means, for the human output. */
const MEANINGS: Readonly<Record<string, string>> = {
  'not-started': 'cancelled before any worker started it: nothing was sent',
  stopped: 'stopped: what was sent stays sent, the rest is counted cancelled; nothing more is sent',
  'cancelled-already': 'cancelled already, by an earlier cancel: nothing more is sent',
  'finished-already': 'finished already: every target had its outcome, nothing to stop',
  unknown: 'no such broadcast on this queue (never queued, or past its keepMs)',
};

/**
 * `social-webhooks cancel ID`: cancels a broadcast queued on `@social-webhooks/bullmq`'s notification
 * queue (`notify --queue`, or `broadcaster.broadcast()` in your app) through
 * `notificationBroadcaster().cancel(id)`; returns once no request of it is on the wire.
 */
export const cancelCommand: Command = {
  name: COMMAND,
  summary:
    'Cancel a notification broadcast queued on BullMQ (notify --queue, or your broadcaster): one not started sends nothing, one running stops.',
  usage: 'cancel ID [--queue NAME] [--redis URL]',
  options: {
    queue: {
      type: 'string',
      valueName: 'NAME',
      description: `The notification queue, as your notificationWorkers name it (default ${DEFAULT_NOTIFY_QUEUE}).`,
    },
    redis: {
      type: 'string',
      valueName: 'URL',
      description: `The Redis of the queue (default: $REDIS_URL, else ${DEFAULT_REDIS_URL}).`,
    },
  },
  positionals: ['id'],
  usesApi: false,
  examples: [
    'social-webhooks cancel launch-2026-11-28 --redis redis://127.0.0.1:6379',
    'social-webhooks cancel digest-2026-11-28 --queue notifications --redis redis://10.0.0.5:6379 --json',
  ],
  exitCodes: [
    `  ${EXIT_CODES.ok}   cancelled: not started, stopped, or cancelled already; nothing of it is sent after this`,
    `  ${EXIT_CODES.failed}   nothing to cancel: the broadcast had finished, or there is no such id on the queue`,
    `  ${EXIT_CODES.usage}   usage error (no ID, a bad --redis URL)`,
    `  ${EXIT_CODES.network}   Redis did not answer within --timeout`,
  ],
  async run(context) {
    const [id] = context.positionals as [string];
    // An empty ID (a shell variable that was not set) is the caller's mistake, not Redis's: exit 2, nothing asked.
    if (id.trim() === '') {
      throw new CliError('usage_error', 'ID is empty: pass the id that notify --queue or broadcaster.broadcast() answered', {
        command: COMMAND,
      });
    }
    const url = stringFlag(context.values, 'redis', COMMAND) ?? nonEmpty(context.io.env.REDIS_URL) ?? DEFAULT_REDIS_URL;
    const queueName = stringFlag(context.values, 'queue', COMMAND) ?? DEFAULT_NOTIFY_QUEUE;
    const connection = toConnection(url, COMMAND);
    const where = `queue ${JSON.stringify(queueName)} at ${redacted(url)}`;
    // Loaded here, so the other commands never load bullmq.
    const { notificationBroadcaster } = await import('@social-webhooks/bullmq');
    const broadcaster = notificationBroadcaster({ connection, queueName, logger: false });
    try {
      // Redis answers within --timeout first; then cancel() waits for a request on the wire, which
      // ends within the workers' timeoutMs (10 s by default), whatever --timeout is.
      await boundedByTimeout(context, where, 'Set --redis or REDIS_URL.', () => broadcaster.progress(id));
      const answer = await broadcaster.cancel(id).catch((error: unknown) => {
        throw new CliError('network_error', `Redis failed while cancelling ${id} (${where}): ${String(error)}`, {
          command: COMMAND,
          cause: error,
        });
      });
      print(context, { ...answer, queue: where }, [`${id}: ${answer.cancelled}, ${MEANINGS[answer.cancelled] ?? ''} (${where}).`]);
      return answer.cancelled === 'finished-already' || answer.cancelled === 'unknown' ? EXIT_CODES.failed : EXIT_CODES.ok;
    } finally {
      await broadcaster.close();
    }
  },
};

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

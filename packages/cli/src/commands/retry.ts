import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';
import { QUEUE_OPTIONS } from '../queue/queue-options.js';
import { stringFlag } from '../args/parse-command-args.js';

/** `social-webhooks retry ID|--all|--event NAME|--since TIME`: moves failed jobs back to the delivery queue. */
export const retryCommand: Command = {
  name: 'retry',
  summary:
    'Retry one failed job of the delivery queue by id, all of them with --all, or those of an event or failed since a time; each gets its full attempts again.',
  usage: 'retry [ID] [--all] [--event NAME] [--since TIME] [--queue NAME] [--redis-url URL]',
  options: {
    ...QUEUE_OPTIONS,
    all: { type: 'boolean', description: 'Retry every failed job.' },
    event: { type: 'string', valueName: 'NAME', description: 'Retry the failed jobs of this event name.' },
    since: {
      type: 'string',
      valueName: 'TIME',
      description: 'Retry the jobs that failed at or after TIME (ISO 8601, e.g. 2026-11-28T14:00:00Z).',
    },
  },
  positionals: [],
  // Either the id or --all, which the parser cannot express; checked in run().
  optionalPositionals: ['ID'],
  usesApi: false,
  examples: [
    "social-webhooks retry 'follow.created%3Aid%3A0x1f'",
    'social-webhooks retry --all',
    'social-webhooks retry --event cast.created --since 2026-11-28T14:00:00Z',
  ],
  async run(context) {
    const all = context.values.all === true;
    const id = context.positionals[0];
    const eventName = stringFlag(context.values, 'event', 'retry');
    const sinceText = stringFlag(context.values, 'since', 'retry');
    const since = sinceText === undefined ? undefined : Date.parse(sinceText);
    if (since !== undefined && Number.isNaN(since))
      throw new CliError('usage_error', `--since expects a time such as 2026-11-28T14:00:00Z, got ${JSON.stringify(sinceText)}`, {
        command: 'retry',
      });
    const filtered = eventName !== undefined || since !== undefined;
    if ([all, id !== undefined, filtered].filter(Boolean).length !== 1)
      throw new CliError('usage_error', 'give one job id (see `social-webhooks failed`), --all, or --event and/or --since', {
        command: 'retry',
      });
    const which = all ? 'all' : (id ?? { ...(eventName !== undefined && { eventName }), ...(since !== undefined && { since }) });
    const [{ openQueue }, { retryFailedJobs }, { isWebhookError }] = await Promise.all([
      import('../queue/open-queue.js'),
      import('@social-webhooks/bullmq'),
      import('@social-webhooks/core'),
    ]);
    const open = openQueue(context, 'retry');
    try {
      const retried = await open
        .bounded(() => retryFailedJobs(open.queue, which))
        .catch((error: unknown) => {
          if (isWebhookError(error))
            throw new CliError('invalid_input', error.message.replace(/^@social-webhooks\/bullmq: /, ''), { cause: error });
          throw error;
        });
      print(context, { retried }, [
        retried.length === 0
          ? `No failed jobs in ${open.where}.`
          : `Moved ${retried.length} job(s) back to ${open.where}: ${retried.join(', ')}`,
      ]);
      return EXIT_CODES.ok;
    } finally {
      await open.close();
    }
  },
};

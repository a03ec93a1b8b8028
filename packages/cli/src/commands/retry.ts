import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';
import { QUEUE_OPTIONS } from '../queue/queue-options.js';

/** `social-webhooks retry ID|--all`: moves failed jobs back to the delivery queue. */
export const retryCommand: Command = {
  name: 'retry',
  summary: 'Retry one failed job of the delivery queue by id, or all of them with --all; each gets its full attempts again.',
  usage: 'retry [ID] [--all] [--queue NAME] [--redis-url URL]',
  options: {
    ...QUEUE_OPTIONS,
    all: { type: 'boolean', description: 'Retry every failed job.' },
  },
  positionals: [],
  // Either the id or --all, which the parser cannot express; checked in run().
  optionalPositionals: ['ID'],
  usesApi: false,
  examples: ["social-webhooks retry 'follow.created%3Aid%3A0x1f'", 'social-webhooks retry --all'],
  async run(context) {
    const all = context.values.all === true;
    const id = context.positionals[0];
    if (all === (id !== undefined)) throw new CliError('usage_error', 'give one job id (see `social-webhooks failed`) or --all', { command: 'retry' });
    const [{ openQueue }, { retryFailedJobs }, { isWebhookError }] = await Promise.all([
      import('../queue/open-queue.js'),
      import('@social-webhooks/bullmq'),
      import('@social-webhooks/core'),
    ]);
    const open = openQueue(context, 'retry');
    try {
      const retried = await open.bounded(() => retryFailedJobs(open.queue, all ? 'all' : id!)).catch((error: unknown) => {
        if (isWebhookError(error)) throw new CliError('invalid_input', error.message.replace(/^@social-webhooks\/bullmq: /, ''), { cause: error });
        throw error;
      });
      print(context, { retried }, [retried.length === 0 ? `No failed jobs in ${open.where}.` : `Moved ${retried.length} job(s) back to ${open.where}: ${retried.join(', ')}`]);
      return EXIT_CODES.ok;
    } finally {
      await open.close();
    }
  },
};

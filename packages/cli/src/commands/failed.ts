import type { FailedJob } from '@social-webhooks/bullmq';
import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';
import { QUEUE_OPTIONS } from '../queue/queue-options.js';
import { stringFlag } from '../args/parse-command-args.js';

/** `social-webhooks failed`: the failed jobs of the delivery queue, newest first. */
export const failedCommand: Command = {
  name: 'failed',
  summary: 'List the failed jobs of the delivery queue (@social-webhooks/bullmq), newest first.',
  usage: 'failed [--limit N] [--queue NAME] [--redis-url URL]',
  options: {
    ...QUEUE_OPTIONS,
    limit: { type: 'string', valueName: 'N', description: 'List at most N jobs (default 100).' },
  },
  positionals: [],
  usesApi: false,
  examples: ['social-webhooks failed', 'REDIS_URL=redis://10.0.0.5:6379 social-webhooks failed --queue webhooks --json'],
  async run(context) {
    const limitText = stringFlag(context.values, 'limit', 'failed') ?? '100';
    const limit = Number(limitText);
    if (!Number.isSafeInteger(limit) || limit < 1) throw new CliError('usage_error', `--limit expects a positive whole number, got ${JSON.stringify(limitText)}`, { command: 'failed' });
    // Loaded here, so the other commands never load bullmq.
    const [{ openQueue }, { listFailedJobs }] = await Promise.all([import('../queue/open-queue.js'), import('@social-webhooks/bullmq')]);
    const open = openQueue(context, 'failed');
    try {
      const { total, jobs } = await open.bounded(() => listFailedJobs(open.queue, { limit }));
      const lines = jobs.length === 0 ? [`No failed jobs in ${open.where}.`] : [`${total} failed job(s) in ${open.where}${total > jobs.length ? `, the newest ${jobs.length}` : ''}:`, ...jobs.map(describe)];
      print(context, { total, jobs }, lines);
      return EXIT_CODES.ok;
    } finally {
      await open.close();
    }
  },
};

function describe(job: FailedJob): string {
  const at = job.failedAt === undefined ? '' : `  ${new Date(job.failedAt).toISOString()}`;
  return `  ${job.id}  ${job.eventName}  ${job.attemptsMade} attempt(s)${at}  ${job.failedReason}`;
}

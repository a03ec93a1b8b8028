import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { cancelQueued, DEFAULT_NOTIFY_QUEUE } from '../cancel/cancel-queue.js';
import { cancelRecorded } from '../cancel/cancel-records.js';
import { DEFAULT_REDIS_URL } from '../queue/open-queue.js';

const COMMAND = 'cancel';
/** The flags that name where `createBroadcasts` keeps its records: they go with `--records`. */
const RECORDS_ONLY = ['postgres', 'token', 'prefix', 'no-history'] as const;

/**
 * `social-webhooks cancel ID`: cancels a broadcast queued on `@social-webhooks/bullmq`'s notification
 * queue (`notificationBroadcaster().cancel(id)`, cancel/cancel-queue.ts), or with `--records` one of
 * `createBroadcasts` kept in Redis or PostgreSQL (`broadcasts.cancel(id)`, cancel/cancel-records.ts);
 * returns once no request of it is on the wire.
 */
export const cancelCommand: Command = {
  name: COMMAND,
  summary:
    'Cancel a notification broadcast queued on BullMQ (notify --queue, or your broadcaster), or with --records one of createBroadcasts kept in Redis or PostgreSQL: one not started sends nothing, one running stops.',
  usage: 'cancel ID ([--queue NAME] [--redis URL] | --records [--redis URL [--token T] | --postgres URL] [--prefix P] [--no-history])',
  options: {
    queue: {
      type: 'string',
      valueName: 'NAME',
      description: `The notification queue, as your notificationWorkers name it (default ${DEFAULT_NOTIFY_QUEUE}).`,
    },
    redis: {
      type: 'string',
      valueName: 'URL',
      description: `The Redis of the queue (default: $REDIS_URL, else ${DEFAULT_REDIS_URL}). With --records, the Redis of the records: redis://, rediss://, or an Upstash REST URL (https://) with --token; default KV_REST_API_URL or UPSTASH_REDIS_REST_URL and their token, as on Vercel.`,
    },
    records: {
      type: 'boolean',
      description:
        'Cancel a broadcast of createBroadcasts (start() and run() in your app, no worker) through its cancel(id), its records in --redis or --postgres; not one queued on BullMQ. Records on Cloudflare (D1, the Durable Object) are out of reach here: cancel from your Worker.',
    },
    token: { type: 'string', valueName: 'T', description: 'With --records: the REST token of an Upstash --redis URL.' },
    postgres: {
      type: 'string',
      valueName: 'URL',
      description:
        'With --records: the PostgreSQL of the records (postgresBroadcastRecords): postgres:// or postgresql://, instead of --redis.',
    },
    prefix: {
      type: 'string',
      valueName: 'P',
      description:
        'With --records: the records’ key prefix (default social-webhooks:broadcasts:); with --postgres, the tables’ prefix (default social_webhooks_), the history’s too.',
    },
    'no-history': {
      type: 'boolean',
      description:
        'With --records: write no history. By default what the cancel counts cancelled is written to the notification history of the same Redis (prefix social-webhooks:history:) or PostgreSQL, as your app’s cancel() does.',
    },
  },
  positionals: ['id'],
  usesApi: false,
  examples: [
    'social-webhooks cancel launch-2026-11-28 --redis redis://127.0.0.1:6379',
    'social-webhooks cancel digest-2026-11-28 --queue notifications --redis redis://10.0.0.5:6379 --json',
    'social-webhooks cancel digest-2026-11-28 --records --redis redis://127.0.0.1:6379',
    'social-webhooks cancel digest-2026-11-28 --records --postgres postgres://app@127.0.0.1:5432/app --json',
  ],
  exitCodes: [
    `  ${EXIT_CODES.ok}   cancelled: not started, stopped, or cancelled already; nothing of it is sent after this`,
    `  ${EXIT_CODES.failed}   nothing to cancel: the broadcast had finished, or there is no such id on the queue (in the records)`,
    `  ${EXIT_CODES.usage}   usage error (no ID, a bad URL, --queue with --records, a flag of --records without it)`,
    `  ${EXIT_CODES.network}   Redis (or PostgreSQL) did not answer within --timeout`,
  ],
  async run(context) {
    const [id] = context.positionals as [string];
    // An empty ID (a shell variable that was not set) is the caller's mistake, not Redis's: exit 2, nothing asked.
    if (id.trim() === '')
      throw usage('ID is empty: pass the id that notify --queue, broadcaster.broadcast() or broadcasts.start() answered');
    if (context.values.records === true) {
      if (context.values.queue !== undefined) {
        throw usage(
          '--queue names a BullMQ queue and --records the records of createBroadcasts: give the one the broadcast is on, not both',
        );
      }
      return cancelRecorded(context, id, COMMAND);
    }
    const given = RECORDS_ONLY.find((flag) => context.values[flag] !== undefined);
    if (given !== undefined) {
      throw usage(
        `--${given} goes with --records (a broadcast of createBroadcasts); a broadcast queued on BullMQ takes --queue NAME and --redis URL only`,
      );
    }
    return cancelQueued(context, id, COMMAND);
  },
};

function usage(message: string): CliError {
  return new CliError('usage_error', message, { command: COMMAND });
}

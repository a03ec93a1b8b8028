import type { OptionSpec } from '../command.js';

/** The flags of the commands that read a history. */
export const HISTORY_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  redis: {
    type: 'string',
    valueName: 'URL',
    description:
      'The Redis of the history: redis:// or rediss://, or an Upstash REST URL (https://) with --token. Default: KV_REST_API_URL or UPSTASH_REDIS_REST_URL and their token, as on Vercel.',
  },
  token: { type: 'string', valueName: 'T', description: 'The REST token of an Upstash --redis URL.' },
  postgres: {
    type: 'string',
    valueName: 'URL',
    description: 'The PostgreSQL of the history (postgresNotificationHistory): postgres:// or postgresql://, instead of --redis.',
  },
  prefix: {
    type: 'string',
    valueName: 'P',
    description:
      'The history’s key prefix (default social-webhooks:history:); with --postgres, its tables’ prefix (default social_webhooks_).',
  },
};

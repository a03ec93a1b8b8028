import type { OptionSpec } from '../command.js';

/** Flags of the commands that read the queue of `@social-webhooks/bullmq`. */
export const QUEUE_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'redis-url': { type: 'string', valueName: 'URL', description: 'The Redis of the queue (default: $REDIS_URL, else redis://127.0.0.1:6379).' },
  queue: { type: 'string', valueName: 'NAME', description: 'The queue name given to bullmqHandoff (default: $WEBHOOKS_QUEUE, else webhooks).' },
};

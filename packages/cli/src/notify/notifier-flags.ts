import { createNotifier, isWebhookError, type Notifier, type NotifierOptions } from '@social-webhooks/core';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import { countFlag } from './notify-flags.js';

/** `--timeout`, `--concurrency`, `--retries`, `--rate-limit-wait`, `--interval`, `--domain`, as the notifier's options. */
export function notifierFlags(context: CommandContext): Omit<NotifierOptions, 'store'> {
  const concurrency = countFlag(context.values, 'concurrency', 1);
  const retries = countFlag(context.values, 'retries', 0);
  const rateLimitWaitMs = countFlag(context.values, 'rate-limit-wait', 0);
  const rateLimitRetryMs = countFlag(context.values, 'interval', 1);
  const domain = stringFlag(context.values, 'domain', 'notify');
  return {
    // The report says what became of every token; the notifier's own log would repeat it on stderr.
    logger: false,
    ...(context.timeoutMs !== undefined && { timeoutMs: context.timeoutMs }),
    ...(concurrency !== undefined && { concurrency }),
    ...(retries !== undefined && { retries }),
    ...(rateLimitWaitMs !== undefined && { rateLimitWaitMs }),
    ...(rateLimitRetryMs !== undefined && { rateLimitRetryMs }),
    ...(domain !== undefined && { domain }),
  };
}

/** `createNotifier`, its `invalid_options` a usage error in the flags' names. */
export function buildNotifier(options: NotifierOptions): Notifier {
  try {
    return createNotifier(options);
  } catch (error) {
    if (isWebhookError(error) && error.code === 'invalid_options') {
      const message = error.message.replace(/^@social-webhooks\/core: createNotifier\(\): /, '').replace(/`domain`/, '--domain');
      throw new CliError('usage_error', message, { command: 'notify', cause: error });
    }
    throw error;
  }
}

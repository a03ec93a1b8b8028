import { checkNotification, isWebhookError, type Notification } from '@social-webhooks/core';
import { stringFlag, type ParsedArgs } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';

const COMMAND = 'notify';

/**
 * The notification of `--id`, `--title`, `--body` and `--target-url`, checked as the sender checks it
 * before anything is sent (the protocol's limits, an https `targetUrl`, on `--domain` when given).
 * @throws {CliError} `usage_error` for a missing flag, or with the core's `invalid_options` message.
 */
export function notificationFlags(values: ParsedArgs['values']): Notification {
  const notification = {
    notificationId: stringFlag(values, 'id', COMMAND, true),
    title: stringFlag(values, 'title', COMMAND, true),
    body: stringFlag(values, 'body', COMMAND, true),
    targetUrl: stringFlag(values, 'target-url', COMMAND, true),
  };
  const domain = stringFlag(values, 'domain', COMMAND);
  // Checked first, as createNotifier checks it: a URL here would read as every --target-url being elsewhere.
  if (domain !== undefined && !/^[a-z0-9.-]+$/i.test(domain)) {
    throw new CliError(
      'usage_error',
      `--domain is your Mini App's host name, such as example.com (no scheme, no path); got ${JSON.stringify(domain)}`,
      {
        command: COMMAND,
      },
    );
  }
  try {
    return checkNotification(notification, domain, 'notify');
  } catch (error) {
    if (isWebhookError(error) && error.code === 'invalid_options') {
      // The core names the fields as its API spells them; the flags are what the user typed.
      const message = error.message
        .replace(/`notificationId`/g, '--id')
        .replace(/`targetUrl`/g, '--target-url')
        .replace(/`(title|body)`/g, '--$1')
        .replace(/the `domain` option/g, '--domain');
      throw new CliError('usage_error', message, { command: COMMAND, cause: error });
    }
    throw error;
  }
}

/** A whole-number flag of at least `least`, or `undefined` when absent (the sender's default then). */
export function countFlag(values: ParsedArgs['values'], name: string, least: number): number | undefined {
  const text = stringFlag(values, name, COMMAND);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < least) {
    throw new CliError('usage_error', `--${name} expects a whole number of at least ${least}, got ${JSON.stringify(text)}`, {
      command: COMMAND,
    });
  }
  return value;
}

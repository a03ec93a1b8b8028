import { EVENT_NAMES, isEventName, type EventName } from '@social-webhooks/core';
import { CliError } from '../cli-error.js';
import type { ParsedArgs } from './parse-command-args.js';
import { stringFlag } from './parse-command-args.js';

/** `--event NAME`, one of the documented event types. */
export function eventFlag(values: ParsedArgs['values'], command: string): EventName {
  const name = stringFlag(values, 'event', command, true);
  if (!isEventName(name))
    throw new CliError('usage_error', `--event expects one of ${EVENT_NAMES.join(', ')}, got ${JSON.stringify(name)}`, { command });
  return name;
}

import { isNeynarEventName, NEYNAR_EVENT_NAMES, type NeynarEventName } from '@social-webhooks/core';
import { CliError } from '../cli-error.js';
import type { OptionSpec } from '../command.js';
import { stringFlag, type ParsedArgs } from './parse-command-args.js';

/** Which sender a command speaks for: the founding service (default) or Neynar. */
export type SenderName = 'airstack' | 'neynar';

/** `--sender NAME`, for the commands that serve both senders. */
export const SENDER_OPTION: Readonly<Record<string, OptionSpec>> = {
  sender: { type: 'string', valueName: 'NAME', description: "Whose webhooks: 'airstack' (the founding service, default) or 'neynar'." },
};

/** `--sender`'s value; `airstack` when absent. */
export function senderFlag(values: ParsedArgs['values'], command: string): SenderName {
  const sender = stringFlag(values, 'sender', command) ?? 'airstack';
  if (sender !== 'airstack' && sender !== 'neynar')
    throw new CliError('usage_error', `--sender expects airstack or neynar, got ${JSON.stringify(sender)}`, { command });
  return sender;
}

/** `--event NAME` as one of Neynar's event types. */
export function neynarEventFlag(values: ParsedArgs['values'], command: string): NeynarEventName {
  const name = stringFlag(values, 'event', command, true);
  if (!isNeynarEventName(name))
    throw new CliError(
      'usage_error',
      `--event expects one of Neynar's event types, ${NEYNAR_EVENT_NAMES.join(', ')}; got ${JSON.stringify(name)}`,
      {
        command,
      },
    );
  return name;
}

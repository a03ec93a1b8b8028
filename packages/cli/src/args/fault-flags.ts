import type { Faults } from '@social-webhooks/emulator';
import { CliError } from '../cli-error.js';
import type { OptionSpec } from '../command.js';
import type { ParsedArgs } from './parse-command-args.js';
import { stringFlag } from './parse-command-args.js';

/** The flags that inject the emulator's faults, for `publish` and `faults`. */
export const FAULT_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  duplicate: { type: 'boolean', description: 'Deliver twice: same body, same delivery id (x-convoy-idempotency-key).' },
  'out-of-order': { type: 'boolean', description: 'Hold the delivery until the next one to the same endpoint has been answered (at most 2 s).' },
  delay: { type: 'string', valueName: 'MS', description: 'Wait MS milliseconds before the first attempt.' },
  disconnect: { type: 'boolean', description: 'Cut the connection once the receiver answers, unread: the receiver handled it, the gateway retries.' },
};

/** The faults the flags ask for; an empty object when none. */
export function faultFlags(values: ParsedArgs['values'], command: string): Faults {
  const delay = stringFlag(values, 'delay', command);
  if (delay !== undefined && !/^\d{1,6}$/.test(delay)) throw new CliError('usage_error', `--delay expects a whole number of milliseconds up to 600000, got ${JSON.stringify(delay)}`, { command });
  return {
    ...(values.duplicate === true && { duplicate: true }),
    ...(values['out-of-order'] === true && { outOfOrder: true }),
    ...(delay !== undefined && Number(delay) > 0 && { delayMs: Number(delay) }),
    ...(values.disconnect === true && { disconnect: true }),
  };
}

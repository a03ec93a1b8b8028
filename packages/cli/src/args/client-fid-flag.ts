import { CliError } from '../cli-error.js';
import { stringFlag, type ParsedArgs } from './parse-command-args.js';

/** `--client-fid N`: the FID of the client that issued the tokens read, or `undefined` when not given. */
export function clientFidFlag(values: ParsedArgs['values'], command: string): number | undefined {
  const text = stringFlag(values, 'client-fid', command);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1)
    throw new CliError('usage_error', `--client-fid expects the client's FID, a whole number such as 9152; got ${JSON.stringify(text)}`, {
      command,
    });
  return value;
}

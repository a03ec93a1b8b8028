import type { AudienceClient, NotificationAudience } from '@social-webhooks/core';
import { stringFlag, type ParsedArgs } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import { timeFlag } from './expires-at-flag.js';
import { fidsFile, type FidsFile } from './fids-file.js';

const COMMAND = 'notify';

/** The audience of the flags, and the file of `--fids-file` when given (to check before sending). */
export interface AudienceFlags {
  readonly to: NotificationAudience;
  readonly file: FidsFile | undefined;
}

/**
 * Who to notify: exactly one of `--to FID[,FID…]`, `--all` and `--fids-file PATH` (or none with
 * `--client`, for every user of that client), narrowed by `--exclude FID[,FID…]`, `--client
 * FID|URL`, `--enabled-since TIME` and `--enabled-before TIME` (when each token was first saved: a
 * token with no such time is in neither). Without a narrowing flag the audience is the FID, the list
 * or `'all'` it always was.
 * @throws {CliError} `usage_error` for none or several, or a malformed value.
 */
export function audienceFlags(values: ParsedArgs['values'], cwd: string): AudienceFlags {
  const to = stringFlag(values, 'to', COMMAND);
  const path = stringFlag(values, 'fids-file', COMMAND);
  const all = values.all === true;
  const exclude = stringFlag(values, 'exclude', COMMAND);
  const client = clientFlag(stringFlag(values, 'client', COMMAND));
  const enabledSince = timeFlag(values, 'enabled-since');
  const enabledBefore = timeFlag(values, 'enabled-before');
  if (enabledSince !== undefined && enabledBefore !== undefined && enabledSince >= enabledBefore)
    throw usage('--enabled-since is before --enabled-before (since is included, before is not): as given, no user is in the audience');
  const given = [to !== undefined && '--to', all && '--all', path !== undefined && '--fids-file'].filter((flag) => flag !== false);
  if (given.length > 1) throw usage(`pass one of --to FID[,FID…], --all and --fids-file PATH, not ${given.join(' and ')}`);
  if (given.length === 0 && client === undefined) {
    throw usage(
      'missing --to FID[,FID…] (or --all for every user); or --fids-file PATH, a file of FIDs; or --client for one client’s users',
    );
  }
  const narrowing = {
    ...(exclude !== undefined && { exclude: fidList(exclude, '--exclude') }),
    ...(client !== undefined && { client }),
    ...(enabledSince !== undefined && { enabledSince }),
    ...(enabledBefore !== undefined && { enabledBefore }),
  };
  if (path !== undefined) {
    const file = fidsFile(path, cwd);
    return { to: { fids: file, ...narrowing }, file };
  }
  const fids = to === undefined ? undefined : fidList(to, '--to');
  const plain = Object.keys(narrowing).length === 0;
  if (plain) return { to: all ? 'all' : fids!.length === 1 ? fids![0]! : fids!, file: undefined };
  if (fids !== undefined) return { to: { fids, ...narrowing }, file: undefined };
  return { to: all ? { all: true, ...narrowing } : { client: client!, ...narrowing }, file: undefined };
}

/** `--client`: a client's FID (9152 for Farcaster) or its notification URL. */
function clientFlag(text: string | undefined): AudienceClient | undefined {
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text)) && Number(text) > 0) return Number(text);
  if (/^https?:\/\//.test(text) && URL.canParse(text)) return text;
  throw usage(`--client expects a client's FID (9152 for Farcaster) or its notification URL (https://…), got ${JSON.stringify(text)}`);
}

function fidList(text: string, flag: string): number[] {
  const fids = text.split(',').map((part) => part.trim());
  for (const part of fids) {
    if (!/^\d+$/.test(part) || !Number.isSafeInteger(Number(part)) || Number(part) < 1) {
      throw usage(`${flag} expects FIDs (whole numbers, 1 or more) separated by commas, got ${JSON.stringify(part)}`);
    }
  }
  return fids.map(Number);
}

function usage(message: string): CliError {
  return new CliError('usage_error', message, { command: COMMAND });
}

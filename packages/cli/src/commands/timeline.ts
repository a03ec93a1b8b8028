import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { HISTORY_OPTIONS } from '../history/history-options.js';
import { stringFlag } from '../args/parse-command-args.js';
import { describeTimeline } from '../output/describe-history.js';
import { print } from '../output/print.js';

const COMMAND = 'timeline';

/** `social-webhooks timeline FID`: what one user was sent, newest first, with each attempt's outcome. */
export const timelineCommand: Command = {
  name: COMMAND,
  summary: 'Show what one user (FID) was sent, newest first, with each attempt’s outcome and client, from a notification history.',
  usage: 'timeline FID [--redis URL [--token T] | --postgres URL] [--prefix P] [--limit N]',
  options: {
    ...HISTORY_OPTIONS,
    limit: { type: 'string', valueName: 'N', description: 'Show at most N notifications (1 to 100, default 100).' },
  },
  positionals: ['fid'],
  usesApi: false,
  examples: ['social-webhooks timeline 3621 --redis redis://127.0.0.1:6379', 'social-webhooks timeline 3621 --json'],
  async run(context) {
    const fidText = context.positionals[0]!;
    const fid = Number(fidText);
    if (!Number.isSafeInteger(fid) || fid <= 0)
      throw new CliError('usage_error', `FID expects a positive whole number, got ${JSON.stringify(fidText)}`, { command: COMMAND });
    const limitText = stringFlag(context.values, 'limit', COMMAND);
    const limit = limitText === undefined ? undefined : Number(limitText);
    if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1 || limit > 100))
      throw new CliError('usage_error', `--limit expects a whole number from 1 to 100, got ${JSON.stringify(limitText)}`, {
        command: COMMAND,
      });
    const { readHistory } = await import('../history/read-history.js');
    return readHistory(context, COMMAND, async ({ history }) => {
      const entries = await history.timeline(fid, limit === undefined ? {} : { limit });
      print(context, { fid, entries }, describeTimeline(fid, entries));
      return EXIT_CODES.ok;
    });
  },
};

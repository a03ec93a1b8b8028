import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { HISTORY_OPTIONS } from '../history/history-options.js';
import { stringFlag } from '../args/parse-command-args.js';
import { describeList, describeOne } from '../output/describe-history.js';
import { print } from '../output/print.js';

const COMMAND = 'broadcasts';

/** `social-webhooks broadcasts [ID]`: what was sent, newest first, or one notification's counts by client and reason. */
export const broadcastsCommand: Command = {
  name: COMMAND,
  summary:
    'List the notifications sent, newest first, with their counts; or one (ID) by client and failure reason, from a notification history.',
  usage: 'broadcasts [ID] [--redis URL [--token T] | --postgres URL] [--prefix P] [--limit N] [--cursor C]',
  options: {
    ...HISTORY_OPTIONS,
    limit: { type: 'string', valueName: 'N', description: 'List at most N notifications (1 to 1,000, default 20).' },
    cursor: { type: 'string', valueName: 'C', description: 'Go on after the page whose cursor this is (--json shows it).' },
  },
  positionals: [],
  optionalPositionals: ['id'],
  usesApi: false,
  examples: [
    'social-webhooks broadcasts --redis redis://127.0.0.1:6379',
    'social-webhooks broadcasts digest-2026-11-27 --redis redis://127.0.0.1:6379 --json',
  ],
  exitCodes: ['  0   listed, or the notification ID was found', '  1   no notification ID in the history (never sent, or lapsed)'],
  async run(context) {
    const [id] = context.positionals;
    const limitText = stringFlag(context.values, 'limit', COMMAND);
    const limit = limitText === undefined ? undefined : Number(limitText);
    if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1 || limit > 1_000))
      throw new CliError('usage_error', `--limit expects a whole number from 1 to 1000, got ${JSON.stringify(limitText)}`, {
        command: COMMAND,
      });
    const cursor = stringFlag(context.values, 'cursor', COMMAND);
    const { readHistory } = await import('../history/read-history.js');
    return readHistory(context, COMMAND, async ({ history, where }) => {
      if (id !== undefined) {
        const kept = await history.get(id);
        if (kept === undefined) {
          print(context, { notificationId: id, found: false }, [
            `No notification "${id}" in the history at ${where} (never sent, or lapsed).`,
          ]);
          return EXIT_CODES.failed;
        }
        print(context, kept, describeOne(kept));
        return EXIT_CODES.ok;
      }
      const page = await history.list({ ...(limit !== undefined && { limit }), ...(cursor !== undefined && { cursor }) });
      const lines =
        page.broadcasts.length === 0
          ? [`No notification in the history at ${where}.`]
          : [...describeList(page.broadcasts), ...(page.cursor === undefined ? [] : [`more: --cursor ${page.cursor}`])];
      print(context, page, lines);
      return EXIT_CODES.ok;
    });
  },
};

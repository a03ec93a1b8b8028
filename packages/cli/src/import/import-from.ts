import { open, type FileHandle } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DEFAULT_TIMEOUT_MS, isApiError } from '@social-webhooks/client';
import { clientFidFlag } from '../args/client-fid-flag.js';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { CommandContext, OptionSpec } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { moveLines } from '../output/describe-move.js';
import { print } from '../output/print.js';
import { jsonlCandidates } from './jsonl-candidates.js';
import { moveTargets, type Candidate } from './move-targets.js';
import { neynarCandidates } from './neynar-candidates.js';
import { NEYNAR_API_URL } from './neynar-token-pages.js';
import { openTarget } from './open-target.js';

/** `import-tokens`' flags for `--from neynar` and `--from FILE` (beside its `--to-redis`, `--prefix`, `--client-fid`, `--dry-run`). */
export const IMPORT_FROM_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  from: {
    type: 'string',
    valueName: 'neynar|FILE',
    description:
      "Instead of --from-redis: 'neynar', every token Neynar's managed notifications hold for your app (its API's token list); or a JSON Lines file export-tokens wrote.",
  },
  'api-key': {
    type: 'string',
    valueName: 'KEY',
    description: "--from neynar: your app's Neynar API key (default: $NEYNAR_API_KEY; prefer the variable, flags end up in shell history).",
  },
  'base-url': {
    type: 'string',
    valueName: 'URL',
    description: `--from neynar: Neynar's API (default ${NEYNAR_API_URL}; the emulator's URL to rehearse).`,
  },
};

/**
 * `import-tokens --from neynar|FILE (--to-redis URL | --to-postgres URL)`: reads Neynar's list of the
 * app's tokens, or a file of targets, a page or a batch at a time, into the token store (open-target.ts);
 * answers the exit code.
 */
export async function importFrom(context: CommandContext, command: string): Promise<number> {
  const from = stringFlag(context.values, 'from', command, true);
  for (const flag of ['from-redis', 'from-token', 'pattern'])
    if (context.values[flag] !== undefined)
      throw new CliError('usage_error', `--from and --${flag} both name what to read: give --from, or --from-redis with --pattern`, {
        command,
      });
  const clientFid = clientFidFlag(context.values, command);
  const dryRun = context.values['dry-run'] === true;
  const timeoutMs = context.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let file: FileHandle | undefined;
  let source: { batches: AsyncIterable<readonly Candidate[]>; where: string };
  if (from === 'neynar') {
    const apiKey = stringFlag(context.values, 'api-key', command) ?? context.io.env['NEYNAR_API_KEY'];
    if (apiKey === undefined || apiKey === '')
      throw new CliError('usage_error', "--from neynar needs your app's Neynar API key: set NEYNAR_API_KEY (or pass --api-key)", {
        command,
      });
    const baseUrl = stringFlag(context.values, 'base-url', command) ?? NEYNAR_API_URL;
    if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol))
      throw new CliError('usage_error', `--base-url expects an http(s) URL such as ${NEYNAR_API_URL}; got ${JSON.stringify(baseUrl)}`, {
        command,
      });
    source = { batches: neynarCandidates({ apiKey, baseUrl, timeoutMs, clientFid }), where: `Neynar ${new URL(baseUrl).origin}` };
  } else {
    const path = resolve(context.io.cwd, from);
    file = await open(path, 'r').catch((error: unknown) => {
      throw new CliError('usage_error', `cannot read --from ${from}: ${(error as Error).message}`, { command, cause: error });
    });
    if (!(await file.stat()).isFile()) {
      await file.close();
      throw new CliError('usage_error', `--from ${from} is not a file: give 'neynar', or the JSON Lines file export-tokens wrote`, {
        command,
      });
    }
    source = { batches: jsonlCandidates(file), where: path };
  }
  try {
    const target = await openTarget(context, command);
    try {
      const report = await moveTargets(source.batches, target.store, dryRun).catch((error: unknown) => {
        if (isApiError(error) || error instanceof CliError) throw error;
        throw new CliError('network_error', `${target.where} failed while importing: ${target.explain(error)}`, { command, cause: error });
      });
      print(context, { ...report, from: source.where, to: target.where }, moveLines(report, source.where, target.where));
      return report.skipped.length === 0 ? EXIT_CODES.ok : EXIT_CODES.failed;
    } finally {
      await target.close();
    }
  } finally {
    await file?.close();
  }
}

import { resolve } from 'node:path';
import { targetPagesOf } from '@social-webhooks/core';
import { CliError } from '../cli-error.js';
import { stringFlag } from '../args/parse-command-args.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { createJsonlFile, type JsonlFile } from '../export/jsonl-file.js';
import { openTarget } from '../import/open-target.js';
import { print } from '../output/print.js';

const COMMAND = 'export-tokens';

/**
 * `social-webhooks export-tokens --from-redis URL --out FILE`: every target of a `redisTokenStore`
 * (over TCP or Upstash's REST API) or a `postgresTokenStore` (`--from-postgres`) as JSON Lines
 * (`{ fid, appFid, url, token }` a line), a page at a time (never the whole store in memory), into a
 * new file of mode 0600; `import-tokens --from FILE` reads it back.
 */
export const exportTokensCommand: Command = {
  name: COMMAND,
  summary:
    'Write every notification target of our Redis or Postgres token store to a JSON Lines file (mode 0600: it holds the tokens); import-tokens --from FILE reads it back.',
  usage: 'export-tokens (--from-redis URL [--from-token T] | --from-postgres URL) --out FILE [--prefix P]',
  options: {
    'from-redis': {
      type: 'string',
      valueName: 'URL',
      description: "The Redis of your receiver's redisTokenStore: redis://, rediss:// or an Upstash REST URL (https://…). Only read.",
    },
    'from-token': {
      type: 'string',
      valueName: 'T',
      description: "The REST token of --from-redis's Upstash REST URL (default: the token variable beside the URL's).",
    },
    'from-postgres': {
      type: 'string',
      valueName: 'URL',
      description: "Instead of --from-redis: the PostgreSQL of your receiver's postgresTokenStore (postgres://…). Only read.",
    },
    out: {
      type: 'string',
      valueName: 'FILE',
      description: 'The file to create, one target a line: { "fid", "appFid", "url", "token" }. Never overwritten; created with mode 0600.',
    },
    prefix: {
      type: 'string',
      valueName: 'P',
      description:
        "The token store's prefix: Redis keys' (default social-webhooks:miniapp-tokens:), or Postgres tables' (default social_webhooks_).",
    },
  },
  positionals: [],
  usesApi: false,
  examples: [
    'social-webhooks export-tokens --from-redis redis://127.0.0.1:6379 --out tokens.jsonl',
    'social-webhooks export-tokens --from-postgres postgres://app@127.0.0.1:5432/app --out tokens.jsonl',
    'social-webhooks import-tokens --from tokens.jsonl --to-redis redis://10.0.0.5:6379   # back, into another store',
  ],
  exitCodes: [
    `  ${EXIT_CODES.ok}   every target written`,
    `  ${EXIT_CODES.usage}   usage error (a missing flag, a bad URL or token, no token table, --out already there); nothing written`,
    `  ${EXIT_CODES.network}   the store did not answer; the half-written file is removed`,
  ],
  async run(context) {
    const out = resolve(context.io.cwd, stringFlag(context.values, 'out', COMMAND, true));
    const source = await openTarget(context, COMMAND, 'from');
    let file: JsonlFile | undefined;
    try {
      file = await createJsonlFile(out).catch((error: unknown) => {
        const there = (error as { code?: unknown }).code === 'EEXIST';
        const why = there
          ? 'it is there already; remove it or choose another --out (an export never overwrites a file)'
          : (error as Error).message;
        throw new CliError('usage_error', `cannot create --out ${out}: ${why}`, { command: COMMAND, cause: error });
      });
      let exported = 0;
      try {
        for await (const page of targetPagesOf(source.store, 'all')) {
          // enabledAt as the store keeps it (none for a token saved before it kept one), so an import keeps it too.
          await file.write(
            page.map(({ fid, appFid, url, token, enabledAt }) => ({
              fid,
              appFid,
              url,
              token,
              ...(enabledAt !== undefined && { enabledAt }),
            })),
          );
          exported += page.length;
        }
        await file.close();
      } catch (error) {
        await file.discard();
        if (error instanceof CliError) throw error;
        throw new CliError('network_error', `${source.where} failed while exporting: ${source.explain(error)}`, {
          command: COMMAND,
          cause: error,
        });
      }
      const lines = [
        `Exported ${exported} targets from the token store on ${source.where} to ${out}.`,
        'The file holds the tokens (whoever has one can notify its user): it was created with mode 0600; keep it so, and delete it once imported.',
      ];
      print(context, { exported, from: source.where, out }, lines);
      return EXIT_CODES.ok;
    } finally {
      await source.close();
    }
  },
};

import { redisTokenStore, type RedisEvalClient } from '@social-webhooks/redis';
import { clientFidFlag } from '../args/client-fid-flag.js';
import { connectRedis, type RedisConnection } from '../args/connect-redis.js';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { IMPORT_FROM_OPTIONS, importFrom } from '../import/import-from.js';
import { importTokens } from '../import/import-tokens.js';
import { redisTemplateSource } from '../import/redis-template-source.js';
import { importLines } from '../output/describe-import.js';
import { print } from '../output/print.js';

const COMMAND = 'import-tokens';

/**
 * `social-webhooks import-tokens`: moves the notification tokens the official Mini App templates
 * keep in Redis (one `notificationDetails` JSON string per FID under `<app>:user:<fid>`) into a
 * `redisTokenStore`, each as the user's target from its client (by the URL's host, or
 * `--client-fid`). Idempotent: a second run imports nothing new. `--dry-run` writes nothing.
 */
export const importTokensCommand: Command = {
  name: COMMAND,
  summary:
    "Import notification tokens into our Redis token store: the official templates' Redis keys, Neynar's managed notifications, or an export-tokens file.",
  usage:
    "import-tokens (--from-redis URL --pattern '<app>:user:*' | --from neynar|FILE) --to-redis URL [--prefix P] [--client-fid N] [--dry-run]",
  options: {
    'from-redis': {
      type: 'string',
      valueName: 'URL',
      description: "The templates' Redis (redis:// or rediss://; Upstash's TCP URL, rediss://default:PASSWORD@HOST:6379). Only read.",
    },
    pattern: {
      type: 'string',
      valueName: 'GLOB',
      description: "The templates' keys, a SCAN MATCH pattern: '<app name>:user:*' (the app name the template was given). Quote it.",
    },
    'to-redis': {
      type: 'string',
      valueName: 'URL',
      description: "The Redis of your receiver's redisTokenStore (may be the same URL as --from-redis).",
    },
    prefix: { type: 'string', valueName: 'P', description: "The token store's key prefix (default social-webhooks:miniapp-tokens:)." },
    'client-fid': {
      type: 'string',
      valueName: 'N',
      description:
        "The FID of the client that issued every token (the templates do not keep it). Default: by the URL's host, api.farcaster.xyz (and api.warpcast.com) 9152; a key of another host is skipped without it.",
    },
    'dry-run': { type: 'boolean', description: 'Read and count what would be imported; write nothing.' },
    ...IMPORT_FROM_OPTIONS,
  },
  positionals: [],
  usesApi: false,
  examples: [
    "social-webhooks import-tokens --from-redis rediss://default:PASSWORD@example.upstash.io:6379 --pattern 'my-mini-app:user:*' --to-redis redis://127.0.0.1:6379 --dry-run",
    "social-webhooks import-tokens --from-redis redis://127.0.0.1:6379 --pattern 'my-mini-app:user:*' --to-redis redis://127.0.0.1:6379 --client-fid 9152",
    'NEYNAR_API_KEY=… social-webhooks import-tokens --from neynar --to-redis redis://127.0.0.1:6379 --dry-run',
    'social-webhooks import-tokens --from tokens.jsonl --to-redis redis://127.0.0.1:6379',
  ],
  exitCodes: [
    `  ${EXIT_CODES.ok}   every key imported or already in the store (or none matched); --dry-run: none would be skipped`,
    `  ${EXIT_CODES.failed}   some keys (rows) were skipped: the report says each one's reason; tokens not enabled are not skips`,
    `  ${EXIT_CODES.usage}   usage error (a missing flag, a bad URL or FID); nothing read`,
    `  ${EXIT_CODES.api}   --from neynar: Neynar answered an error (a key it refused, its rate limit); what was saved stays, run again`,
    `  ${EXIT_CODES.network}   a Redis (or Neynar) did not answer`,
  ],
  async run(context) {
    if (context.values['from'] !== undefined) return importFrom(context, COMMAND);
    const from = stringFlag(context.values, 'from-redis', COMMAND, true);
    const pattern = stringFlag(context.values, 'pattern', COMMAND, true);
    const to = stringFlag(context.values, 'to-redis', COMMAND, true);
    const prefix = stringFlag(context.values, 'prefix', COMMAND);
    const clientFid = clientFidFlag(context.values, COMMAND);
    const dryRun = context.values['dry-run'] === true;
    const source = await connectRedis(context, from, '--from-redis', COMMAND);
    let target: RedisConnection | undefined;
    try {
      target = await connectRedis(context, to, '--to-redis', COMMAND);
      const bounded: RedisEvalClient = { eval: (script, options) => target!.within(target!.client.eval(script, options)) };
      const store = redisTokenStore({ client: bounded, ...(prefix !== undefined && { prefix }) });
      const report = await importTokens({ source: redisTemplateSource(source), pattern, store, clientFid, dryRun }).catch(
        (error: unknown) => {
          const lost = source.lost() ?? target!.lost() ?? (error as Error);
          throw new CliError('network_error', `Redis failed while importing: ${lost.message}. Is redis-server running?`, {
            command: COMMAND,
            cause: error,
          });
        },
      );
      print(context, { ...report, from: source.where, to: target.where }, importLines(report, source.where, target.where));
      return report.skipped.length === 0 ? EXIT_CODES.ok : EXIT_CODES.failed;
    } finally {
      source.close();
      target?.close();
    }
  },
};

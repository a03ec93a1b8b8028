import { clientFidFlag } from '../args/client-fid-flag.js';
import { stringFlag } from '../args/parse-command-args.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { IMPORT_FROM_OPTIONS, importFrom } from '../import/import-from.js';
import { importTokens } from '../import/import-tokens.js';
import { openSource } from '../import/open-source.js';
import { openTarget, type ImportTarget } from '../import/open-target.js';
import { blamed } from '../import/blamed.js';
import { importLines } from '../output/describe-import.js';
import { print } from '../output/print.js';

const COMMAND = 'import-tokens';

/**
 * `social-webhooks import-tokens`: moves the notification tokens the official Mini App templates
 * keep in Redis (one `notificationDetails` JSON string per FID under `<app>:user:<fid>`), read over
 * TCP or Upstash's REST API, into a `redisTokenStore` (TCP or REST) or a `postgresTokenStore`, each
 * as the user's target from its client (by the URL's host, or `--client-fid`). Idempotent: a second
 * run imports nothing new. `--dry-run` writes nothing.
 */
export const importTokensCommand: Command = {
  name: COMMAND,
  summary:
    "Import notification tokens into our Redis or Postgres token store: the official templates' Redis (Upstash) keys, Neynar's managed notifications, or an export-tokens file.",
  usage:
    "import-tokens ([--from-redis URL [--from-token T]] --pattern '<app>:user:*' | --from neynar|FILE) (--to-redis URL [--to-token T] | --to-postgres URL) [--prefix P] [--client-fid N] [--dry-run]",
  options: {
    'from-redis': {
      type: 'string',
      valueName: 'URL',
      description:
        "The templates' Redis, only read: redis:// or rediss:// over TCP, or Upstash's REST URL (https://…). Default: KV_REST_API_URL, else UPSTASH_REDIS_REST_URL, as Redis.fromEnv() reads them.",
    },
    'from-token': {
      type: 'string',
      valueName: 'T',
      description:
        "The REST token of --from-redis's Upstash REST URL. Default: the token variable beside the URL's (KV_REST_API_TOKEN, UPSTASH_REDIS_REST_TOKEN).",
    },
    pattern: {
      type: 'string',
      valueName: 'GLOB',
      description: "The templates' keys, a SCAN MATCH pattern: '<app name>:user:*' (the app name the template was given). Quote it.",
    },
    'to-redis': {
      type: 'string',
      valueName: 'URL',
      description: "The Redis of your receiver's redisTokenStore: redis://, rediss:// or an Upstash REST URL (may be the templates' own).",
    },
    'to-token': {
      type: 'string',
      valueName: 'T',
      description: "The REST token of --to-redis's Upstash REST URL (default as for --from-token).",
    },
    'to-postgres': {
      type: 'string',
      valueName: 'URL',
      description:
        "Instead of --to-redis: the PostgreSQL of your receiver's postgresTokenStore (postgres://…), its tables made by migrate().",
    },
    prefix: {
      type: 'string',
      valueName: 'P',
      description:
        "The token store's prefix: Redis keys' (default social-webhooks:miniapp-tokens:), or Postgres tables' (default social_webhooks_).",
    },
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
    "social-webhooks import-tokens --pattern 'my-mini-app:user:*' --to-redis redis://127.0.0.1:6379 --dry-run   # from KV_REST_API_URL and KV_REST_API_TOKEN",
    "social-webhooks import-tokens --from-redis https://example.upstash.io --from-token TOKEN --pattern 'my-mini-app:user:*' --to-postgres postgres://app@127.0.0.1:5432/app",
    "social-webhooks import-tokens --from-redis redis://127.0.0.1:6379 --pattern 'my-mini-app:user:*' --to-redis redis://127.0.0.1:6379 --client-fid 9152",
    'NEYNAR_API_KEY=… social-webhooks import-tokens --from neynar --to-redis redis://127.0.0.1:6379 --dry-run',
    'social-webhooks import-tokens --from tokens.jsonl --to-redis redis://127.0.0.1:6379',
  ],
  exitCodes: [
    `  ${EXIT_CODES.ok}   every key imported or already in the store (or none matched); --dry-run: none would be skipped`,
    `  ${EXIT_CODES.failed}   some keys (rows) were skipped: the report says each one's reason; tokens not enabled are not skips`,
    `  ${EXIT_CODES.usage}   usage error (a missing flag, a bad URL, token or FID, no token table); nothing read`,
    `  ${EXIT_CODES.api}   --from neynar: Neynar answered an error (a key it refused, its rate limit); what was saved stays, run again`,
    `  ${EXIT_CODES.network}   a Redis, Upstash, PostgreSQL (or Neynar) did not answer`,
  ],
  async run(context) {
    if (context.values['from'] !== undefined) return importFrom(context, COMMAND);
    const pattern = stringFlag(context.values, 'pattern', COMMAND, true);
    const clientFid = clientFidFlag(context.values, COMMAND);
    const dryRun = context.values['dry-run'] === true;
    const from = await openSource(context, COMMAND);
    let to: ImportTarget | undefined;
    try {
      to = await openTarget(context, COMMAND);
      const report = await importTokens({ ...blamed(from, to, COMMAND), pattern, clientFid, dryRun });
      print(context, { ...report, from: from.where, to: to.where }, importLines(report, from.where, to.where));
      return report.skipped.length === 0 ? EXIT_CODES.ok : EXIT_CODES.failed;
    } finally {
      from.close();
      await to?.close();
    }
  },
};

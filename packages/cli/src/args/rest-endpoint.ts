import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';

/** Where a Redis is: its TCP URL, or Upstash's REST URL with the database's REST token. */
export type RedisEndpoint =
  { readonly kind: 'tcp'; readonly url: string } | { readonly kind: 'rest'; readonly url: string; readonly token: string };

/**
 * The variables an app on Vercel reads its Upstash database from, as `Redis.fromEnv()` of
 * `@upstash/redis` does: Vercel's marketplace sets `KV_REST_API_*`, Upstash's console
 * `UPSTASH_REDIS_REST_*`.
 */
export const REST_VARIABLES = [
  { url: 'KV_REST_API_URL', token: 'KV_REST_API_TOKEN' },
  { url: 'UPSTASH_REDIS_REST_URL', token: 'UPSTASH_REDIS_REST_TOKEN' },
] as const;

const VARIABLES_TEXT = 'KV_REST_API_URL and KV_REST_API_TOKEN (or UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN)';

/**
 * The Redis that `--<flag>` names: `redis://` or `rediss://` over TCP, or Upstash's REST URL
 * (`https://…`; `http://` on loopback only, for a local stand-in) with `--<tokenFlag>` or, when the
 * URL is the one in the environment, that variable's token. Without `--<flag>` and with `fromEnv`,
 * the environment's REST URL and token.
 * @throws {CliError} `usage_error` saying which flag or variable to set.
 */
export function redisEndpoint(
  context: CommandContext,
  flags: { readonly url: string; readonly token: string; readonly fromEnv: boolean },
  command: string,
): RedisEndpoint {
  const { env } = context.io;
  const given = flagText(context, flags.url, command);
  const tokenFlag = flagText(context, flags.token, command);
  if (given === undefined) {
    const pair = flags.fromEnv ? REST_VARIABLES.find((names) => nonEmpty(env[names.url]) && nonEmpty(env[names.token])) : undefined;
    if (pair === undefined) {
      const or = flags.fromEnv ? `, or set ${VARIABLES_TEXT} as on Vercel (\`vercel env pull\` writes them to .env.local)` : '';
      throw new CliError('usage_error', `missing --${flags.url}${or}`, { command });
    }
    return { kind: 'rest', url: restUrl(env[pair.url]!, pair.url, command), token: tokenFlag ?? env[pair.token]! };
  }
  const protocol = URL.canParse(given) ? new URL(given).protocol : '';
  if (protocol === 'redis:' || protocol === 'rediss:') {
    if (tokenFlag !== undefined) {
      throw new CliError(
        'usage_error',
        `--${flags.token} is the REST token of an Upstash REST URL (https://…); a ${protocol}// URL carries its password`,
        {
          command,
        },
      );
    }
    return { kind: 'tcp', url: given };
  }
  const url = restUrl(given, `--${flags.url}`, command);
  const paired = REST_VARIABLES.find((names) => nonEmpty(env[names.url]) && sameUrl(env[names.url]!, url));
  const token = tokenFlag ?? (paired === undefined ? undefined : nonEmpty(env[paired.token]));
  if (token === undefined) {
    throw new CliError(
      'usage_error',
      `--${flags.url} is an Upstash REST URL: pass its REST token with --${flags.token} (the database's page shows it), or set ${VARIABLES_TEXT} to that URL and token`,
      { command },
    );
  }
  return { kind: 'rest', url, token };
}

function restUrl(text: string, where: string, command: string): string {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  const loopback = url !== undefined && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url?.protocol === 'https:' || (url?.protocol === 'http:' && loopback)) return text.replace(/\/+$/, '');
  throw new CliError(
    'usage_error',
    `${where} expects a redis:// or rediss:// URL (TCP), or Upstash's REST URL (https://…); got ${JSON.stringify(text.replace(/\/\/[^@/]*@/, '//***@'))}`,
    { command },
  );
}

function flagText(context: CommandContext, name: string, command: string): string | undefined {
  const value = context.values[name];
  if (value === '') throw new CliError('usage_error', `--${name} needs a value`, { command });
  return typeof value === 'string' ? value : undefined;
}

function sameUrl(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text === '' ? undefined : text;
}

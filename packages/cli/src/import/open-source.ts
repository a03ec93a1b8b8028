import { connectRedis } from '../args/connect-redis.js';
import { connectUpstash } from '../args/connect-upstash.js';
import { redisEndpoint } from '../args/rest-endpoint.js';
import type { CommandContext } from '../command.js';
import type { TemplateSource } from './import-tokens.js';
import { redisTemplateSource } from './redis-template-source.js';
import { upstashTemplateSource } from './upstash-template-source.js';

/** The templates' Redis an import reads, where it is, and how to explain its failure. */
export interface ImportSource {
  readonly source: TemplateSource;
  readonly where: string;
  explain(error: unknown): string;
  close(): void;
}

/**
 * The templates' Redis of `--from-redis`: over TCP (`redis://`, `rediss://`), or over Upstash's REST
 * API (`https://…` with `--from-token`); without the flag, the REST URL and token the templates
 * themselves read (`KV_REST_API_URL`/`_TOKEN`, else `UPSTASH_REDIS_REST_URL`/`_TOKEN`).
 * @throws {CliError} `usage_error` for a bad URL or a missing token; `network_error` when it does not answer.
 */
export async function openSource(context: CommandContext, command: string): Promise<ImportSource> {
  const endpoint = redisEndpoint(context, { url: 'from-redis', token: 'from-token', fromEnv: true }, command);
  if (endpoint.kind === 'rest') {
    const upstash = await connectUpstash(context, endpoint, 'from-token', command);
    return { source: upstashTemplateSource(upstash), where: upstash.where, explain: upstash.explain, close: () => undefined };
  }
  const redis = await connectRedis(context, endpoint.url, '--from-redis', command);
  return {
    source: redisTemplateSource(redis),
    where: redis.where,
    explain: (error) => `${(redis.lost() ?? (error as Error)).message}. Is redis-server running?`,
    close: () => redis.close(),
  };
}

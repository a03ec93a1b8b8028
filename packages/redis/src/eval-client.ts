/**
 * The one Redis call the stores make: `EVAL` with keys and arguments, as node-redis (`redis` 4 and 5)
 * spells it. Another client fits through a small wrapper; for ioredis:
 * `{ eval: (script, { keys, arguments: args }) => io.eval(script, keys.length, ...keys, ...args) }`.
 */
export interface RedisEvalClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/**
 * An `@upstash/redis` `Redis`, as `Redis.fromEnv()` or `new Redis({ url, token })` gives it, over
 * Upstash's REST API: described by the methods the stores use and recognise it by (`eval` with keys
 * and arguments as two arrays, `evalsha`, `createScript`), so this package imports nothing of it.
 * Whatever its `automaticDeserialization` option: every string a store's script answers starts with
 * a character no JSON starts with (replies.ts), so the client's parsing leaves it as Redis sent it.
 */
export interface UpstashRedisClient {
  eval(script: string, keys: string[], args: string[]): Promise<unknown>;
  evalsha(sha1: string, keys: string[], args: string[]): Promise<unknown>;
  createScript(script: string): unknown;
}

/** What a store's `client` option takes: a node-redis client (or any {@link RedisEvalClient}), or an `@upstash/redis` `Redis`. */
export type RedisStoreClient = RedisEvalClient | UpstashRedisClient;

/**
 * The client of a store's options as the one call the store makes, checked once at the factory: an
 * `@upstash/redis` `Redis` is recognised by its shape and called as Upstash spells `EVAL`.
 */
export function toEvalClient(client: RedisStoreClient | undefined, fail: (message: string) => never): RedisEvalClient {
  if (isUpstash(client)) return { eval: (script, { keys, arguments: args }) => client.eval(script, keys, args) };
  if (typeof client?.eval !== 'function') {
    return fail(
      '`client` must be a Redis client with an eval method: createClient() from `redis`, or Redis.fromEnv() from `@upstash/redis`.',
    );
  }
  // ioredis's eval takes the number of keys, then keys and arguments: called with node-redis's
  // options object, every call would fail with Redis's "value is not an integer".
  if (typeof (client as { defineCommand?: unknown }).defineCommand === 'function') {
    return fail(
      '`client` is an ioredis client, whose eval takes the number of keys, then the keys and arguments. Pass it through ' +
        'this wrapper: { eval: (script, { keys, arguments: args }) => io.eval(script, keys.length, ...keys, ...args) }.',
    );
  }
  return client;
}

function isUpstash(client: RedisStoreClient | undefined): client is UpstashRedisClient {
  const candidate = client as Partial<UpstashRedisClient> | undefined;
  return typeof candidate?.eval === 'function' && typeof candidate.evalsha === 'function' && typeof candidate.createScript === 'function';
}

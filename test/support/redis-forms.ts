import type { RedisEvalClient, RedisStoreClient } from '@social-webhooks/redis';
import { Redis as IORedis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { DESERIALIZATIONS, useUpstash } from './upstash-client.js';

/** One way an app hands a Redis store its client; `client()` is read once the tests run. */
export interface RedisForm {
  readonly name: string;
  readonly client: () => RedisStoreClient;
}

/**
 * A redis-server of the enclosing `describe` (useUpstash) and every client form a Redis store takes
 * on it: node-redis, ioredis through the wrapper the README gives, and @upstash/redis over the REST
 * stand-in, either way it deserializes. `upstash` is the node-redis client and the stand-in.
 */
export function useRedisForms(): { readonly forms: readonly RedisForm[]; readonly upstash: ReturnType<typeof useUpstash> } {
  const upstash = useUpstash();
  let io: IORedis | undefined;
  beforeAll(() => {
    io = new IORedis(upstash.client.options!.url!, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    await io?.quit();
  });
  const wrapped = (): RedisEvalClient => ({
    eval: (script, { keys, arguments: args }) => io!.eval(script, keys.length, ...keys, ...args),
  });
  const forms: RedisForm[] = [
    { name: 'node-redis', client: () => upstash.client },
    { name: 'ioredis through its wrapper', client: wrapped },
    ...DESERIALIZATIONS.map(({ name, options }) => ({ name: `Upstash through ${name}`, client: () => upstash.fromEnv(options) })),
  ];
  return { forms, upstash };
}

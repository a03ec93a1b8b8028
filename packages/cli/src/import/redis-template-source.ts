import type { RedisConnection } from '../args/connect-redis.js';
import type { TemplateSource } from './import-tokens.js';

/** How many keys SCAN is asked for at a time (a hint: Redis may answer more or fewer). */
export const SCAN_COUNT = 200;

/**
 * The template keys on a Redis: SCAN with MATCH (never KEYS, which blocks the server while it walks
 * every key), then each batch's values read with GET, sent together (node-redis pipelines them).
 * A key holding another type answers WRONGTYPE; its TYPE is read to say which.
 */
export function redisTemplateSource(redis: RedisConnection): TemplateSource {
  const { client, within } = redis;
  return {
    async *batches(pattern) {
      let cursor = '0';
      do {
        const reply = await within(client.scan(cursor, { MATCH: pattern, COUNT: SCAN_COUNT }));
        cursor = String(reply.cursor);
        // SCAN may answer a key twice (while Redis resizes its table): the second read is counted unchanged.
        if (reply.keys.length > 0) yield reply.keys.map(String);
      } while (cursor !== '0');
    },
    read(keys) {
      return Promise.all(
        keys.map(async (key) => {
          try {
            const value = await within(client.get(key));
            // Gone between SCAN and GET: an empty string is read as not JSON, and counted.
            return { value: value ?? '' };
          } catch (error) {
            if (!(error instanceof Error) || !error.message.startsWith('WRONGTYPE')) throw error;
            return { type: await within(client.type(key)) };
          }
        }),
      );
    },
  };
}

import type { UpstashConnection } from '../args/connect-upstash.js';
import type { TemplateSource } from './import-tokens.js';
import { SCAN_COUNT } from './redis-template-source.js';

/**
 * The template keys on Upstash, over its REST API: SCAN with MATCH (never KEYS) one request at a
 * time, then each batch's values in one `/pipeline` request of GETs, each answered on its own (a key
 * of another type answers WRONGTYPE, and its TYPE is read in one more request to say which).
 * The client answers strings as stored, so a template's JSON is read as the text it is.
 */
export function upstashTemplateSource(upstash: UpstashConnection): TemplateSource {
  const { client } = upstash;
  return {
    async *batches(pattern) {
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, { match: pattern, count: SCAN_COUNT });
        cursor = String(next);
        // SCAN may answer a key twice (while Redis resizes its table): the second read is counted unchanged.
        if (keys.length > 0) yield keys.map(String);
      } while (cursor !== '0');
    },
    async read(keys) {
      const gets = client.pipeline();
      for (const key of keys) gets.get(key);
      const values = await gets.exec<(string | null)[]>({ keepErrors: true });
      const wrong = keys.filter((_, index) => values[index]?.error !== undefined);
      const failed = values.find((reply) => reply.error !== undefined && !reply.error.includes('WRONGTYPE'));
      if (failed !== undefined) throw new Error(`Upstash answered GET with ${failed.error}`);
      const types = new Map<string, string>();
      if (wrong.length > 0) {
        const typed = client.pipeline();
        for (const key of wrong) typed.type(key);
        const replies = await typed.exec<string[]>();
        for (const [index, key] of wrong.entries()) types.set(key, String(replies[index]));
      }
      return keys.map((key, index) => {
        const type = types.get(key);
        // Gone between SCAN and GET: an empty string is read as not JSON, and counted.
        return type === undefined ? { value: values[index]?.result ?? '' } : { type };
      });
    },
  };
}

// What a store reads from its scripts' replies, checked, so a client that changes replies is named
// at its first call instead of failing later with a confusing error or a silent cache miss.

/**
 * Put by the scripts before every stored string they answer (a token's or a signer list's JSON): no
 * JSON text starts with it, so a client that parses replies as JSON (`@upstash/redis` does by
 * default) leaves the string as Redis sent it, and a reply without it was changed on the way.
 */
export const MARK = '#';

/** The stored string of a marked reply. */
export function unmark(reply: unknown, script: string): string {
  if (typeof reply !== 'string' || !reply.startsWith(MARK)) throw unexpected(reply, script);
  return reply.slice(MARK.length);
}

/** The reply as an array, as Redis answers a script that returns a table. */
export function asArray(reply: unknown, script: string, length?: number): unknown[] {
  if (!Array.isArray(reply) || (length !== undefined && reply.length !== length)) throw unexpected(reply, script);
  return reply;
}

/** An integer reply (a number, or its decimal digits from a client that answers strings), else `undefined`. */
export function integer(reply: unknown): number | undefined {
  if (typeof reply === 'number') return reply;
  return typeof reply === 'string' && /^-?\d+$/.test(reply) ? Number(reply) : undefined;
}

/** The error of a reply that is not what the script answers. */
export function unexpected(reply: unknown, script: string): Error {
  const shown = (JSON.stringify(reply) ?? String(reply)).slice(0, 80);
  return new Error(
    `@social-webhooks/redis: the ${script} script answered ${shown}, which Redis does not answer: the client changed the reply. ` +
      'Pass createClient() from `redis`, Redis.fromEnv() from `@upstash/redis` itself, or a wrapper whose ' +
      'eval(script, { keys, arguments }) resolves to the reply of EVAL unchanged.',
  );
}

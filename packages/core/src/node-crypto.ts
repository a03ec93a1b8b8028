/**
 * `node:crypto`, looked up where the runtime gives it without an import: `process.getBuiltinModule`
 * (Node 20.16+, Bun, Deno), so the core keeps no `node:` import for a Worker's bundler to trip on.
 * The module when it has each function in `functions` (the part the caller uses, typed as `T`),
 * `undefined` on a runtime without it. A fresh lookup each call: callers look up on their first
 * use, not at import (loading `node:crypto` costs a cold start that answers nothing), and keep it.
 *
 * @example
 * const crypto = lookUpNodeCrypto<{ createHmac(algorithm: 'sha512', key: string): Hmac }>(['createHmac']);
 */
export function lookUpNodeCrypto<T extends object>(functions: readonly (keyof T & string)[]): T | undefined {
  const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  if (typeof getBuiltinModule !== 'function') return undefined;
  try {
    const module = getBuiltinModule('node:crypto') as Partial<Record<string, unknown>> | undefined;
    return functions.every((name) => typeof module?.[name] === 'function') ? (module as T) : undefined;
  } catch {
    // A runtime that has the function but not the module (a Worker's partial Node compatibility).
    return undefined;
  }
}

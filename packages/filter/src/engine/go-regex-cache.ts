import { MAX_REGEX_INPUT_LENGTH } from '../language/limits.js';
import { compileRegex } from '../regex/compile-regex.js';
import { EngineFault } from './go-value.js';

const cache = new Map<string, RegExp | EngineFault>();
const CACHE_SIZE = 256;

/**
 * The engine's `$regex`: Go's `regexp.Compile(pattern)` and an unanchored search, with the pattern
 * translated to JavaScript once (see `translate-go-regex.ts`).
 *
 * @throws {EngineFault} when Go refuses the pattern (the gateway answers an error), and, marked
 *   `local`, when this library cannot evaluate it faithfully (refused translation, ReDoS guard, or
 *   a string past `MAX_REGEX_INPUT_LENGTH`).
 */
export function regexMatches(pattern: string, text: string): boolean {
  let compiled = cache.get(pattern);
  if (compiled === undefined) {
    const result = compileRegex(pattern);
    compiled = result.ok ? result.regex : new EngineFault(result.reason, { local: !result.engineRejects });
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(pattern, compiled);
  }
  if (compiled instanceof EngineFault) throw compiled;
  if (text.length > MAX_REGEX_INPUT_LENGTH) {
    throw new EngineFault(`the string is longer than ${MAX_REGEX_INPUT_LENGTH} characters; $regex is not tried on it here`, { local: true });
  }
  compiled.lastIndex = 0;
  return compiled.test(text);
}

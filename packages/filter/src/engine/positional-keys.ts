import { EngineFault, type GoMap } from './go-value.js';

/** The engine refuses a key with more than 3 `$.` steps. */
export const MAX_ENGINE_POSITIONAL_STEPS = 3;

const DIGIT = /\p{Nd}/u;
const MAX_INT = 2n ** 63n - 1n;

/**
 * The payload keys that the engine's `genCombos` would try for a filter key with `$.` steps: every
 * `$` of the key (each one, not only those before a dot) replaced by an index from 0 to
 * (number of `$`) x (the largest index the engine finds in the payload's keys). Searching the payload's
 * keys gives the same set as the engine's enumeration without building every combination.
 *
 * @throws {EngineFault} as the engine does: more than 3 `$.` steps, or a run of digits in a payload
 *   key that does not fit a 64-bit integer.
 */
export function positionalKeys(payload: GoMap, key: string): string[] {
  const steps = key.split('$.').length - 1;
  if (steps > MAX_ENGINE_POSITIONAL_STEPS) {
    throw new EngineFault(`too many segments, expected at most ${MAX_ENGINE_POSITIONAL_STEPS} but got ${steps}`);
  }
  const segments = key.split('$');
  const limit = BigInt(segments.length - 1) * largestIndex(payload);
  return [...payload.keys()].filter((candidate) => fits(candidate, segments, 0, 0, limit, new Set()));
}

// The engine's scan: in each key, the first run of digits (and, oddly, a digit at byte 0 joins the
// next digit wherever it is) is read as a number; the largest such number over all keys wins.
function largestIndex(payload: GoMap): bigint {
  let largest = 0n;
  for (const key of payload.keys()) {
    let previous = 0;
    let number = '';
    let offset = 0;
    for (const char of key) {
      if (DIGIT.test(char)) {
        if (previous === 0 || previous + 1 === offset) {
          number += char;
          if (!/^\d+$/.test(number)) throw new EngineFault(`strconv.Atoi: parsing "${number}": invalid syntax`);
          const value = BigInt(number);
          if (value > MAX_INT) throw new EngineFault(`strconv.Atoi: parsing "${number}": value out of range`);
          if (value > largest) largest = value;
        }
        previous = offset;
      }
      offset += utf8Length(char);
    }
  }
  return largest;
}

// Whether `candidate` is segments[0] N segments[1] N ... with each N a canonical index <= limit.
// `failed` remembers (segment, position) pairs already tried, so that many `$` stay linear.
function fits(candidate: string, segments: readonly string[], segment: number, at: number, limit: bigint, failed: Set<string>): boolean {
  const memo = `${segment}:${at}`;
  if (failed.has(memo)) return false;
  const literal = segments[segment]!;
  if (!candidate.startsWith(literal, at)) return false;
  const next = at + literal.length;
  if (segment === segments.length - 1) return next === candidate.length;
  const digits = /^(?:0|[1-9]\d*)/.exec(candidate.slice(next))?.[0] ?? '';
  for (let length = digits.length; length > 0; length--) {
    if (length > 1 && digits[0] === '0') continue;
    if (BigInt(digits.slice(0, length)) > limit) continue;
    if (fits(candidate, segments, segment + 1, next + length, limit, failed)) return true;
  }
  failed.add(memo);
  return false;
}

// Go ranges over a string by bytes of UTF-8; the engine compares those byte offsets.
function utf8Length(char: string): number {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

import { MAX_REGEX_LENGTH } from '../language/limits.js';
import { findUnsafeConstruct } from './find-unsafe-construct.js';

/** A compiled `$regex`, or why the pattern is refused. */
export type RegexResult = { readonly ok: true; readonly regex: RegExp } | { readonly ok: false; readonly reason: string; readonly hint?: string };

// The service's engine is Go's `regexp` (RE2 syntax), which takes leading inline flags such as
// `(?i)`; JavaScript has none, so they become RegExp flags. `U` (ungreedy) has no JS equivalent.
const INLINE_FLAGS = /^\(\?([imsU]+)\)/;

/**
 * Compiles a `$regex` pattern the way the service's engine reads it: an unanchored search, with
 * leading inline flags (`(?i)`, `(?s)`, `(?m)`) as JavaScript flags. Refuses, with a reason:
 * patterns longer than {@link MAX_REGEX_LENGTH}; constructs RE2 does not support (lookaround,
 * backreferences), which the service would reject and which are the classic ReDoS vectors; and
 * nested unbounded quantifiers such as `(a+)+` or `(.*)*` (catastrophic backtracking in JavaScript).
 */
export function compileRegex(pattern: string): RegexResult {
  if (pattern.length > MAX_REGEX_LENGTH) {
    return { ok: false, reason: `the pattern is ${pattern.length} characters long, at most ${MAX_REGEX_LENGTH} are allowed` };
  }
  let source = pattern;
  let flags = '';
  const inline = INLINE_FLAGS.exec(pattern);
  if (inline !== null) {
    if (inline[1]!.includes('U')) return { ok: false, reason: 'the ungreedy flag (?U) is not supported', hint: 'write lazy quantifiers such as .*? instead' };
    flags = [...new Set(inline[1]!)].join('');
    source = pattern.slice(inline[0].length);
  }
  const unsafe = findUnsafeConstruct(source);
  if (unsafe !== undefined) return { ok: false, ...unsafe };
  try {
    return { ok: true, regex: new RegExp(source, flags) };
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error);
    return { ok: false, reason: `the pattern does not compile: ${detail}` };
  }
}

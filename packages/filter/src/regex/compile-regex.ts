import { translateGoRegex } from '../engine/translate-go-regex.js';
import { MAX_REGEX_LENGTH } from '../language/limits.js';
import { findUnsafeConstruct } from './find-unsafe-construct.js';

/** A compiled `$regex`, or why the pattern is refused (`engineRejects`: Go refuses it too). */
export type RegexResult =
  | { readonly ok: true; readonly regex: RegExp }
  | { readonly ok: false; readonly reason: string; readonly hint?: string; readonly engineRejects: boolean };

/** Options of {@link compileRegex}. */
export interface CompileRegexOptions {
  /** Who compiles the pattern with Go's `regexp`, as messages name it. Default `the service's engine`. */
  readonly engine?: string;
}

/**
 * Compiles a `$regex` pattern the way the service's engine reads it: Go's `regexp` (RE2 syntax), an
 * unanchored search. RE2 spellings that JavaScript writes differently are translated (`(?P<name>`,
 * `\A`, `\z`, `[[:alpha:]]`, Go's `.`, `\s` and `(?m)` line ends, `(?s)`, `(?U)`); what cannot be
 * translated faithfully is refused with a reason, never run with another meaning. Also refuses
 * patterns longer than {@link MAX_REGEX_LENGTH} and nested unbounded quantifiers such as `(a+)+`
 * (catastrophic backtracking in JavaScript; RE2 is linear).
 */
export function compileRegex(pattern: string, options: CompileRegexOptions = {}): RegexResult {
  if (pattern.length > MAX_REGEX_LENGTH) {
    return {
      ok: false,
      reason: `the pattern is ${pattern.length} characters long, at most ${MAX_REGEX_LENGTH} are allowed`,
      engineRejects: false,
    };
  }
  const translation = translateGoRegex(pattern);
  if (!translation.ok) {
    const reason = translation.engineRejects
      ? `${options.engine ?? "the service's engine"} (Go regexp) refuses it: ${translation.reason}`
      : `${translation.reason}, so it cannot be checked locally`;
    return {
      ok: false,
      reason,
      ...(translation.hint === undefined ? {} : { hint: translation.hint }),
      engineRejects: translation.engineRejects,
    };
  }
  const unsafe = findUnsafeConstruct(pattern);
  if (unsafe !== undefined) return { ok: false, ...unsafe, engineRejects: false };
  try {
    return { ok: true, regex: new RegExp(translation.source, translation.flags) };
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error);
    return { ok: false, reason: `the pattern does not compile: ${detail}`, engineRejects: true };
  }
}

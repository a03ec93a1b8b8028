import type * as z from 'zod/mini';
import { englishIssue } from './english-issues.js';

/** A field's key in its object, an element's index in its array, or `undefined` at the top. */
export type PathKey = string | number | undefined;

/**
 * The first issue a payload schema's parse would report: where (its path, as zod's `issue.path`)
 * and zod's English message, which names types and expected values, never the value received. The
 * generated checks (generated/) return one for data the schema refuses; the senders quote it.
 */
export class Issue {
  constructor(
    readonly path: readonly (string | number)[],
    readonly message: string,
  ) {}

  /** "author.fid: Invalid input: expected number, received string", or the message alone at the top. */
  describe(): string {
    return this.path.length === 0 ? this.message : `${this.path.join('.')}: ${this.message}`;
  }
}

/** `issue` under `key` (its path one level deeper), `undefined` for none. */
export function under(key: PathKey, issue: Issue | undefined): Issue | undefined {
  return issue === undefined || key === undefined ? issue : new Issue([key, ...issue.path], issue.message);
}

// The messages are englishIssue's (english-issues.ts), the wording zod's parse gives them.
function issue(key: PathKey, raw: Record<string, unknown>): Issue {
  return new Issue(key === undefined ? [] : [key], englishIssue(raw as unknown as z.core.$ZodRawIssue));
}

/** zod's `invalid_type`: "Invalid input: expected string, received number". */
export function invalidType(key: PathKey, expected: string, input: unknown): Issue {
  return issue(key, { code: 'invalid_type', expected, input });
}

/** zod's `invalid_value` of a literal: `Invalid input: expected "cast"`, or "Invalid option: expected one of 1|2". */
export function invalidValue(key: PathKey, values: readonly unknown[]): Issue {
  return issue(key, { code: 'invalid_value', values });
}

/** zod's `invalid_union` when no option matched: "Invalid input". */
export function invalidUnion(key: PathKey): Issue {
  return issue(key, { code: 'invalid_union', inclusive: true });
}

/** zod's `too_small` and `too_big` of a number: "Too small: expected number to be >0". */
export function outOfRange(key: PathKey, origin: 'int' | 'number', bound: 'minimum' | 'maximum', limit: number, inclusive: boolean): Issue {
  return issue(key, { code: bound === 'minimum' ? 'too_small' : 'too_big', origin, [bound]: limit, inclusive });
}

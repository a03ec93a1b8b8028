import type * as z from 'zod/mini';

/**
 * zod's English message for each issue the library's schemas can raise (a type, a literal, a
 * number's bound, a union), worded as zod's own `en` locale words it. That locale covers
 * every check zod has (formats, sizes, files) and cost a Worker bundle about 1 KB gzipped; these
 * schemas use a handful. An issue of another kind reads as zod's fallback, "Invalid input".
 * The messages name types and expected values, never the value received.
 */
export function englishIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${issue.expected}, received ${typeName(issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid input: expected ${primitive(issue.values[0])}`
        : `Invalid option: expected one of ${issue.values.map(primitive).join('|')}`;
    // A number's bounds: `positive()`, `nonnegative()`, and `int()`'s safe range.
    case 'too_small':
      return `Too small: expected ${issue.origin} to be ${issue.inclusive ? '>=' : '>'}${issue.minimum}`;
    case 'too_big':
      return `Too big: expected ${issue.origin} to be ${issue.inclusive ? '<=' : '<'}${issue.maximum}`;
    case 'invalid_union': {
      const options = (issue as { options?: unknown }).options;
      if (Array.isArray(options) && options.length > 0)
        return `Invalid discriminator value. Expected ${options.map((option) => `'${String(option)}'`).join(' | ')}`;
      return issue.inclusive === false ? 'Invalid input: more than one option matched' : 'Invalid input';
    }
    default:
      return 'Invalid input';
  }
}

/** The received value's type as zod names it: `null`, `array`, `NaN`, a class name, or `typeof`. */
function typeName(input: unknown): string {
  if (typeof input === 'number') return Number.isFinite(input) ? 'number' : String(input);
  if (typeof input !== 'object') return typeof input;
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  const prototype: unknown = Object.getPrototypeOf(input);
  const name = (input as { constructor?: { name?: unknown } }).constructor?.name;
  return prototype !== Object.prototype && prototype !== null && typeof name === 'string' ? name : 'object';
}

function primitive(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

import type { FilterProblem, ProblemPath } from '../types.js';
import type { PathStep } from './ast.js';
import { MAX_POSITIONAL_STEPS } from './limits.js';
import { problem } from './problem.js';

/** A key parsed into path steps, or the problem with it. */
export type ParsedKey = { readonly steps: readonly PathStep[] } | { readonly problem: FilterProblem };

/**
 * Parses a field key. A dot always separates steps: `socialCapital.socialCapitalRank` is the same
 * as the nested form. A `$` step is positional (docs/contract.md §Filters): on an array it stands for any element, on
 * any other value it stands for the value itself, so the documented `$.socialCapital.$.rank` works
 * on the object `socialCapital`. A numeric step on an array is that index (`addresses.0`).
 */
export function parseKey(key: string, at: ProblemPath): ParsedKey {
  if (key === '') return { problem: problem('invalid_path', at, 'a field name cannot be empty') };
  if (!key.includes('.') && key !== '$') return { steps: [{ kind: 'key', name: key }] };
  const parts = key.split('.');
  if (parts.includes('')) {
    return { problem: problem('invalid_path', at, `the path "${key}" has an empty step`, 'remove the doubled, leading or trailing dot') };
  }
  if (parts[parts.length - 1] === '$') {
    // The service's engine refuses a trailing `.$` too.
    return {
      problem: problem(
        'invalid_path',
        at,
        `the path "${key}" ends with "$"`,
        'to test whether an array contains a value, name the array itself: { "field": value }',
      ),
    };
  }
  const positional = parts.filter((part) => part === '$').length;
  if (positional > MAX_POSITIONAL_STEPS) {
    return { problem: problem('too_deep', at, `the path "${key}" has ${positional} "$" steps, at most ${MAX_POSITIONAL_STEPS} are allowed`) };
  }
  return { steps: parts.map((name): PathStep => (name === '$' ? { kind: 'each' } : { kind: 'key', name })) };
}

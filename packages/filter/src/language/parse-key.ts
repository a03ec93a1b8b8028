import type { FilterProblem, ProblemPath } from '../types.js';
import type { PathStep } from './ast.js';
import { MAX_POSITIONAL_STEPS } from './limits.js';
import { problem } from './problem.js';

/** A key parsed into path steps, or the problem with it. */
export type ParsedKey = { readonly steps: readonly PathStep[] } | { readonly problem: FilterProblem };

/**
 * Parses a field key. A dot always separates steps: `socialCapital.socialCapitalRank` is the same
 * as the nested form. A `$` step stands for an index of an array of objects, as the engine expands
 * it; on anything else it never matches (validation warns). `continues`: the key holds a nested
 * filter, so its path goes on; `positionalBefore`: `$` steps of the enclosing keys.
 */
export function parseKey(key: string, at: ProblemPath, options: { readonly continues: boolean; readonly positionalBefore: number }): ParsedKey {
  if (key === '') return { problem: problem('invalid_path', at, 'a field name cannot be empty') };
  if (!key.includes('.') && key !== '$') return { steps: [{ kind: 'key', name: key }] };
  const parts = key.split('.');
  if (parts.includes('')) {
    return { problem: problem('invalid_path', at, `the path "${key}" has an empty step`, 'remove the doubled, leading or trailing dot') };
  }
  // The engine joins nested keys before it checks for a trailing `.$`, so `"mentioned_profiles.$"`
  // holding a nested filter is fine; holding a value or operators it is refused.
  if (parts[parts.length - 1] === '$' && !options.continues) {
    return {
      problem: problem(
        'invalid_path',
        at,
        `the path "${key}" ends with "$"`,
        'to test whether an array contains a value, name the array itself: { "field": value }',
      ),
    };
  }
  const positional = options.positionalBefore + parts.filter((part) => part === '$').length;
  if (positional > MAX_POSITIONAL_STEPS) {
    return { problem: problem('too_deep', at, `the path "${key}" has ${positional} "$" steps with its parents, the engine allows at most ${MAX_POSITIONAL_STEPS}`) };
  }
  return { steps: parts.map((name): PathStep => (name === '$' ? { kind: 'each' } : { kind: 'key', name })) };
}

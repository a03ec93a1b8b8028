import { answer, prepareFilter, type EngineAnswer, type EngineOptions } from '../engine/evaluate-filter.js';
import { FilterError } from '../errors.js';
import { parseFilter } from '../language/parse-filter.js';
import type { Filter } from '../types.js';

/** A compiled filter: tells whether a payload matches. */
export type FilterMatcher = (payload: unknown) => boolean;

/** Options of {@link compileFilter}, {@link matchesFilter} and {@link evaluateFilter}. */
export type MatchOptions = EngineOptions;

/** What the gateway's engine answers for one payload; see {@link evaluateFilter}. */
export type FilterEvaluation = EngineAnswer;

/**
 * Checks a filter's syntax once and returns a function that tells whether a payload matches it, as
 * the gateway's engine decides (Convoy `pkg/flatten` + `pkg/compare`, see the README): a clause on
 * a missing field is skipped when others remain, `$` steps index arrays of objects, numeric strings
 * compare as numbers, `$regex` is Go's. Where the engine answers an error, nothing is delivered, so
 * the matcher answers `false` (use {@link evaluateFilter} to see the error).
 *
 * @param filter A filter of the service's language (see the README's operator table).
 * @param options `numericStrings`: `'as-numbers'` (default, the current engine) or `'as-strings'`.
 * @returns A named function `matchesCompiledFilter(payload)`; it never throws.
 * @throws {FilterError} `invalid_filter` when the filter has any problem; `error.problems` lists
 *   them all. An unknown operator is an error, never a silent non-match.
 * @example
 * const isPowerUser = compileFilter({ isFarcasterPowerUser: true, followerCount: { $gte: 1000 } });
 * isPowerUser(event.data); // true or false
 */
export function compileFilter(filter: Filter, options: MatchOptions = {}): FilterMatcher {
  const { problems } = parseFilter(filter);
  if (problems.length > 0) {
    const list = problems.map((item) => `  - ${item.message}`).join('\n');
    throw new FilterError('invalid_filter', `@social-webhooks/filter: the filter is not valid; fix these and try again:\n${list}`, { problems });
  }
  const prepared = prepareFilter(filter);
  const settings = { ...options };
  return function matchesCompiledFilter(payload: unknown): boolean {
    return answer(prepared, payload, settings).matches;
  };
}

/**
 * Whether `payload` matches `filter` on the gateway (see {@link compileFilter}). It checks the
 * filter's syntax first, on every call. Fields are not checked against an event's payload schema;
 * `validateFilter` does that, and warns about filters that can never match.
 *
 * @throws {FilterError} `invalid_filter` when the filter is not valid, listing every problem.
 * @example
 * matchesFilter({ userId: { $in: ['602', '3761'] } }, { userId: '3761' }); // true
 * matchesFilter({ userId: 3761 }, { userId: '3761' }); // true: the engine reads "3761" as a number
 */
export function matchesFilter(filter: Filter, payload: unknown, options: MatchOptions = {}): boolean {
  return compileFilter(filter, options)(payload);
}

/**
 * The engine's whole answer for a filter and a payload, without the syntax check: `matches`, and
 * `error` when the engine answers one (`local: false`; the gateway then delivers nothing) or when
 * this library cannot predict the answer (`local: true`, e.g. a `$regex` it cannot translate).
 * @example evaluateFilter({ tags: { $regex: 'a' } }, { tags: ['a'] }) // { matches: false, error: { message: 'payload [a] is not valid json', local: false } }
 */
export function evaluateFilter(filter: unknown, payload: unknown, options: MatchOptions = {}): FilterEvaluation {
  return answer(prepareFilter(filter), payload, options);
}

import { FilterError } from '../errors.js';
import { parseFilter } from '../language/parse-filter.js';
import type { Filter } from '../types.js';
import { evaluateNode } from './evaluate.js';

/** A compiled filter: tells whether a payload matches. */
export type FilterMatcher = (payload: unknown) => boolean;

/**
 * Checks a filter's syntax once and returns a function that tells whether a payload matches it;
 * regular expressions are compiled once. Use it to test many payloads against one filter.
 *
 * The payload is data, so it never throws: a payload that is not an object matches nothing (a
 * filter describes an object), and a field of the wrong type simply does not match.
 *
 * @param filter A filter of the service's language (see the README's operator table).
 * @returns A named function `matchesCompiledFilter(payload)`.
 * @throws {FilterError} `invalid_filter` when the filter has any problem; `error.problems` lists
 *   them all. An unknown operator is an error, never a silent non-match.
 * @example
 * const isPowerUser = compileFilter({ isFarcasterPowerUser: true, followerCount: { $gte: 1000 } });
 * isPowerUser(event.data); // true or false
 */
export function compileFilter(filter: Filter): FilterMatcher {
  const { node, problems } = parseFilter(filter);
  if (problems.length > 0) {
    const list = problems.map((item) => `  - ${item.message}`).join('\n');
    throw new FilterError('invalid_filter', `@social-webhooks/filter: the filter is not valid; fix these and try again:\n${list}`, { problems });
  }
  return function matchesCompiledFilter(payload: unknown): boolean {
    return evaluateNode(node, payload);
  };
}

/**
 * Whether `payload` matches `filter`, with the semantics of docs/contract.md §Filters: a bare value is
 * type-sensitive equality (and "contains" against an array), nested objects match nested fields,
 * operators compare, `$and` / `$or` combine, `$` steps address array elements.
 *
 * It checks the filter's syntax first, on every call (use {@link compileFilter} to check once).
 * Fields are not checked against an event's payload schema; `validateFilter` does that.
 *
 * @throws {FilterError} `invalid_filter` when the filter is not valid, listing every problem.
 * @example
 * matchesFilter({ userId: { $in: ['602', '3761'] } }, { userId: '3761' }); // true
 * matchesFilter({ userId: 3761 }, { userId: '3761' }); // false: type-sensitive
 */
export function matchesFilter(filter: Filter, payload: unknown): boolean {
  return compileFilter(filter)(payload);
}

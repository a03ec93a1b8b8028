import type { FilterProblem } from './types.js';

/** Stable codes of {@link FilterError}; see the README's error table. */
export type FilterErrorCode = 'invalid_filter';

/**
 * The one error class of `@social-webhooks/filter`. Thrown by `compileFilter` and `matchesFilter`
 * when the filter is not a valid filter: an invalid filter is an error, never a silent non-match.
 * `problems` lists everything wrong, as `validateFilterSyntax` reports it.
 */
export class FilterError extends Error {
  override readonly name = 'FilterError';
  readonly code: FilterErrorCode;
  readonly problems: readonly FilterProblem[];

  constructor(code: FilterErrorCode, message: string, options: { problems: readonly FilterProblem[]; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.problems = options.problems;
  }
}

/** Whether `value` is a {@link FilterError}, also across copies of the package. */
export function isFilterError(value: unknown): value is FilterError {
  return value instanceof FilterError || (value instanceof Error && value.name === 'FilterError' && 'problems' in value);
}

/**
 * Fields may nest at most 3 levels deep (docs/contract.md §Filters: "nesting deeper than 3 levels is an error"). A
 * level is one field name on the way from the payload's root to the compared value, whether written
 * as nested objects or as a dotted path; `$` steps and operators do not count.
 */
export const MAX_FIELD_DEPTH = 3;

/** At most 3 positional `$` steps in one key, as the service's engine allows. */
export const MAX_POSITIONAL_STEPS = 3;

/**
 * `$and` / `$or` may nest at most 8 deep. A guard of this library (the service documents none), so
 * that no filter can exhaust the stack.
 */
export const MAX_LOGICAL_DEPTH = 8;

/** Operand values (`$eq`, `$in`, bare arrays) may nest at most 32 deep; a guard against cycles. */
export const MAX_VALUE_DEPTH = 32;

/** A `$regex` pattern may be at most 256 characters long (ReDoS guard, see `check-regex.ts`). */
export const MAX_REGEX_LENGTH = 256;

/**
 * `$regex` is tried only on strings of at most 4096 characters; a longer string never matches. This
 * bounds the work of any pattern that slipped past the checks (ReDoS guard).
 */
export const MAX_REGEX_INPUT_LENGTH = 4096;

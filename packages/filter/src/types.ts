/** A JSON value, as filters and payloads hold them. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * A filter of the service's language (docs/contract.md §Filters): field names, dotted or positional paths
 * (`socialCapital.socialCapitalRank`, `addresses.$`), and `$and` / `$or`, mapped to a bare value
 * (equality), an operator object (`{ "$gte": 100 }`) or a nested filter. See the README's table.
 */
export type Filter = { readonly [key: string]: JsonValue };

/** Where a problem is, from the root of the filter (or config): keys and array indexes. */
export type ProblemPath = readonly (string | number)[];

/** Every way a filter can be wrong; stable, see the README's table. */
export type FilterProblemCode =
  | 'not_an_object'
  | 'unknown_operator'
  | 'misplaced_operator'
  | 'invalid_operand'
  | 'invalid_value'
  | 'mixed_keys'
  | 'empty_object'
  | 'invalid_path'
  | 'too_deep'
  | 'invalid_regex'
  | 'unknown_field'
  | 'type_mismatch'
  | 'unknown_event';

/** One thing wrong with a filter, with where it is and, when there is one, how to fix it. */
export interface FilterProblem {
  readonly code: FilterProblemCode;
  /** Keys and indexes from the filter's root; `[]` is the filter itself. */
  readonly path: ProblemPath;
  /** A sentence that starts with the readable path, e.g. `followerCount.$gte: expects a number ...`. */
  readonly message: string;
  /** A suggested fix, e.g. `use "$neq"`. Also part of `message`. */
  readonly hint?: string;
}

/** A JSON value, as filters and payloads hold them. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * A filter of the service's language (docs/contract.md §Filters): field names, dotted or positional paths
 * (`socialCapital.socialCapitalRank`, `items.$.rank`), and `$and` / `$or`, mapped to a bare value
 * (equality), an operator object (`{ "$gte": 100 }`) or a nested filter, evaluated as the
 * gateway's engine does. See the README's table.
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

/**
 * Every way a valid filter can still fail on the gateway; stable, see the README's warning table.
 * `never_matches`: no event of the type can ever match this part. `always_matches`: it holds for
 * every event. `engine_error`: the engine answers an error for it, so no event is delivered.
 * `ignored_by_engine`: the engine skips it. `deep_nesting`: deeper than the service's documented 3
 * levels (the engine accepts it). `unknown_field`: the payload schema does not list the field.
 */
export type FilterWarningCode = 'never_matches' | 'always_matches' | 'engine_error' | 'ignored_by_engine' | 'deep_nesting' | 'unknown_field';

/** A filter the engine accepts, but that cannot work as written; with the reason and a fix. */
export interface FilterWarning {
  readonly code: FilterWarningCode;
  readonly path: ProblemPath;
  readonly message: string;
  readonly hint?: string;
}

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

import type { JsonValue, ProblemPath } from '../types.js';
import type { LogicalOperator } from './operators.js';

/** One step of a field path: a key (a field, or an index when the value is an array) or `$`. */
export type PathStep = { readonly kind: 'key'; readonly name: string } | { readonly kind: 'each' };

/** A filter object: every clause must hold. */
export interface FilterNode {
  readonly clauses: readonly Clause[];
}

/** One key of a filter object, parsed. `at` is where it is, for problems found later. */
export type Clause =
  | { readonly kind: 'logical'; readonly operator: LogicalOperator; readonly filters: readonly FilterNode[]; readonly at: ProblemPath }
  | { readonly kind: 'field'; readonly steps: readonly PathStep[]; readonly test: FieldTest; readonly at: ProblemPath };

/** What a field's value must satisfy. */
export type FieldTest =
  | { readonly kind: 'equals'; readonly value: JsonValue }
  | { readonly kind: 'operators'; readonly conditions: readonly Condition[] }
  | { readonly kind: 'nested'; readonly filter: FilterNode };

/** One operator of an operator object, with a checked operand. */
export type Condition = (
  | { readonly operator: '$eq' | '$neq'; readonly value: JsonValue }
  // A list, or (the engine's other form) one value that an array field must contain.
  | { readonly operator: '$in' | '$nin'; readonly values: readonly JsonValue[]; readonly list: boolean }
  | { readonly operator: '$gt' | '$gte' | '$lt' | '$lte'; readonly value: number }
  | { readonly operator: '$regex'; readonly regex: RegExp }
  | { readonly operator: '$exist'; readonly value: boolean }
) & { readonly at: ProblemPath };

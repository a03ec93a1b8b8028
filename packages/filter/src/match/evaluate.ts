import type { Clause, Condition, FieldTest, FilterNode } from '../language/ast.js';
import { deepEqual, isPlainObject } from '../language/json-value.js';
import { MAX_REGEX_INPUT_LENGTH } from '../language/limits.js';
import { resolvePath } from './resolve-path.js';

/** Whether `value` is an object that satisfies every clause of `node`. */
export function evaluateNode(node: FilterNode, value: unknown): boolean {
  return isPlainObject(value) && node.clauses.every((clause) => evaluateClause(clause, value));
}

/** Whether one clause holds for `object`. */
export function evaluateClause(clause: Clause, object: unknown): boolean {
  if (clause.kind === 'logical') {
    return clause.operator === '$and'
      ? clause.filters.every((filter) => evaluateNode(filter, object))
      : clause.filters.some((filter) => evaluateNode(filter, object));
  }
  return evaluateTest(clause.test, resolvePath(object, clause.steps));
}

function evaluateTest(test: FieldTest, values: readonly unknown[]): boolean {
  switch (test.kind) {
    case 'equals':
      return values.some((value) => equalsOrContains(value, test.value));
    case 'nested':
      return values.some((value) => evaluateNode(test.filter, value));
    case 'operators':
      return test.conditions.every((condition) => evaluateCondition(condition, values));
  }
}

// Positive operators hold when any reached value (or any element of a reached array) satisfies them;
// `$neq` and `$nin` are their exact complements, so a missing field satisfies them.
function evaluateCondition(condition: Condition, values: readonly unknown[]): boolean {
  switch (condition.operator) {
    case '$eq':
      return values.some((value) => equalsOrContains(value, condition.value));
    case '$neq':
      return !values.some((value) => equalsOrContains(value, condition.value));
    case '$in':
      return values.some((value) => condition.values.some((candidate) => equalsOrContains(value, candidate)));
    case '$nin':
      return !values.some((value) => condition.values.some((candidate) => equalsOrContains(value, candidate)));
    case '$gt':
      return values.some((value) => someNumber(value, (n) => n > condition.value));
    case '$gte':
      return values.some((value) => someNumber(value, (n) => n >= condition.value));
    case '$lt':
      return values.some((value) => someNumber(value, (n) => n < condition.value));
    case '$lte':
      return values.some((value) => someNumber(value, (n) => n <= condition.value));
    case '$regex':
      return values.some((value) => someString(value, (s) => s.length <= MAX_REGEX_INPUT_LENGTH && condition.regex.test(s)));
    case '$exist':
      return values.length > 0 === condition.value;
  }
}

/** Equality, type-sensitive; a value against an array field means "the array contains it". */
function equalsOrContains(value: unknown, expected: unknown): boolean {
  return deepEqual(value, expected) || (Array.isArray(value) && value.some((item) => deepEqual(item, expected)));
}

// Comparisons never convert: "108" is not greater than 100 (docs/contract.md §Filters, type-sensitive).
function someNumber(value: unknown, test: (n: number) => boolean): boolean {
  if (typeof value === 'number') return test(value);
  return Array.isArray(value) && value.some((item) => typeof item === 'number' && test(item));
}

function someString(value: unknown, test: (s: string) => boolean): boolean {
  if (typeof value === 'string') return test(value);
  return Array.isArray(value) && value.some((item) => typeof item === 'string' && test(item));
}

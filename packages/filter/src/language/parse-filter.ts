import type { FilterProblem, FilterWarning, ProblemPath } from '../types.js';
import type { Clause, Condition, FieldTest, FilterNode } from './ast.js';
import { isJsonValue, isPlainObject } from './json-value.js';
import { MAX_FIELD_DEPTH, MAX_LOGICAL_DEPTH } from './limits.js';
import { isOperator, looksLikeOperator, operatorHint } from './operators.js';
import { parseCondition } from './parse-condition.js';
import { parseKey } from './parse-key.js';
import { problem, show } from './problem.js';

/** A parsed filter, every problem found, and what the engine accepts but cannot work. */
export interface ParsedFilter {
  readonly node: FilterNode;
  readonly problems: readonly FilterProblem[];
  readonly warnings: readonly FilterWarning[];
}

interface Level {
  /** Field names from the payload's root to here. */
  readonly fieldDepth: number;
  /** `$and` / `$or` around here. */
  readonly logicalDepth: number;
  /** `$` steps of the enclosing keys (the engine counts them in the joined key). */
  readonly positional: number;
}

interface Found {
  readonly problems: FilterProblem[];
  readonly warnings: FilterWarning[];
}

/**
 * Parses a filter into a tree, collecting every problem of its syntax (docs/contract.md §Filters) and the
 * shapes that the engine accepts but that can never work whatever the event type; fields are not
 * checked against an event's payload here (see `validateFilter`).
 */
export function parseFilter(filter: unknown): ParsedFilter {
  const found: Found = { problems: [], warnings: [] };
  const node = parseObject(filter, [], { fieldDepth: 0, logicalDepth: 0, positional: 0 }, found);
  return { node, problems: found.problems, warnings: found.warnings };
}

function parseObject(value: unknown, at: ProblemPath, level: Level, found: Found): FilterNode {
  if (!isPlainObject(value)) {
    found.problems.push(problem('not_an_object', at, `a filter is a JSON object, got ${show(value)}`));
    return { clauses: [] };
  }
  const clauses: Clause[] = [];
  for (const [key, item] of Object.entries(value)) {
    const clause = parseClause(key, item, [...at, key], level, found);
    if (clause !== undefined) clauses.push(clause);
  }
  if (level.fieldDepth === 0) warnAlone(clauses, found);
  return { clauses };
}

// The engine skips a clause on a missing field; when nothing else is left the filter fails. So
// `$exist: false`, alone in its object, fails on a missing field and on a present one.
function warnAlone(clauses: readonly Clause[], found: Found): void {
  if (clauses.length !== 1) return;
  const only = clauses[0]!;
  if (only.kind !== 'field' || only.test.kind !== 'operators') return;
  for (const condition of only.test.conditions) {
    if (condition.operator === '$exist' && !condition.value) {
      found.warnings.push(
        problem(
          'never_matches',
          condition.at,
          'alone in its filter object, "$exist": false never matches on the engine: it skips a missing field and fails a present one',
          'put it beside another clause of the same object, e.g. { "field": { "$exist": false }, "userId": "3761" }',
        ),
      );
    }
  }
}

function parseClause(key: string, value: unknown, at: ProblemPath, level: Level, found: Found): Clause | undefined {
  if (key === '$and' || key === '$or') return parseLogical(key, value, at, level, found);
  if (looksLikeOperator(key)) {
    found.problems.push(
      isOperator(key)
        ? problem('misplaced_operator', at, `"${key}" must be inside a field's object`, `write { "field": { "${key}": ... } }`)
        : problem('unknown_operator', at, `"${key}" is not an operator of the language`, operatorHint(key)),
    );
    return undefined;
  }
  const continues = isPlainObject(value) && Object.keys(value).length > 0 && Object.keys(value).every((name) => !looksLikeOperator(name));
  const parsed = parseKey(key, at, { continues, positionalBefore: level.positional });
  if ('problem' in parsed) {
    found.problems.push(parsed.problem);
    return undefined;
  }
  if (level.fieldDepth === 0 && parsed.steps[0]?.kind === 'each') {
    // Only the leading steps go: a later `$` may well index an array of objects.
    const rest = key.replace(/^(?:\$\.)+/, '');
    found.warnings.push(
      problem(
        'never_matches',
        at,
        'a leading "$." step stands for an index of a payload that is an array; the payload is an object, so this never matches',
        rest === '' ? undefined : `write "${rest}"`,
      ),
    );
  }
  const fieldDepth = level.fieldDepth + parsed.steps.filter((step) => step.kind === 'key').length;
  if (fieldDepth > MAX_FIELD_DEPTH) {
    found.warnings.push(
      problem('deep_nesting', at, `fields nest ${fieldDepth} levels deep here; the service documents at most ${MAX_FIELD_DEPTH} (its engine accepts more)`),
    );
  }
  const positional = level.positional + parsed.steps.filter((step) => step.kind === 'each').length;
  const test = parseTest(value, at, { ...level, fieldDepth, positional }, found);
  return test === undefined ? undefined : { kind: 'field', steps: parsed.steps, test, at };
}

function parseLogical(key: '$and' | '$or', value: unknown, at: ProblemPath, level: Level, found: Found): Clause | undefined {
  if (level.logicalDepth >= MAX_LOGICAL_DEPTH) {
    found.problems.push(problem('too_deep', at, `"$and" and "$or" may nest at most ${MAX_LOGICAL_DEPTH} deep`));
    return undefined;
  }
  if (!Array.isArray(value) || value.length === 0) {
    found.problems.push(problem('invalid_operand', at, `${key} expects a non-empty array of filters, got ${show(value)}`, `write { "${key}": [{ ... }, { ... }] }`));
    return undefined;
  }
  if (level.fieldDepth > 0) {
    // The engine stores it under the field's flattened key, which an object field never has.
    found.warnings.push(
      problem('ignored_by_engine', at, `inside a field's object, ${key} is skipped by the engine (it looks for the field itself, which is flattened away)`, `move it to the top level with full paths: { "${key}": [{ "field.sub": ... }] }`),
    );
  }
  // Each filter of the array is flattened on its own, from the payload's root.
  const inner = { fieldDepth: 0, logicalDepth: level.logicalDepth + 1, positional: 0 };
  const filters = value.map((item: unknown, index) => parseObject(item, [...at, index], inner, found));
  return { kind: 'logical', operator: key, filters, at };
}

function parseTest(value: unknown, at: ProblemPath, level: Level, found: Found): FieldTest | undefined {
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) {
      found.problems.push(problem('empty_object', at, 'an empty object tests nothing', 'remove it, or write { "$exist": true }'));
      return undefined;
    }
    const operators = keys.filter((key) => looksLikeOperator(key) && key !== '$and' && key !== '$or');
    if (operators.length === 0) return { kind: 'nested', filter: parseObject(value, at, level, found) };
    if (operators.length < keys.length) {
      const fields = keys.filter((key) => !operators.includes(key));
      found.problems.push(
        problem('mixed_keys', at, `mixes operators (${operators.join(', ')}) with fields (${fields.join(', ')})`, 'an object holds either operators or fields'),
      );
      return undefined;
    }
    const conditions: Condition[] = [];
    for (const operator of operators) {
      const condition = parseCondition(operator, value[operator], [...at, operator], found.problems);
      if (condition !== undefined) conditions.push(condition);
    }
    return conditions.length === operators.length ? { kind: 'operators', conditions } : undefined;
  }
  if (isJsonValue(value)) {
    if (Array.isArray(value) && (value.length === 0 || !isPlainObject(value[0]))) {
      // The engine compares a bare array by looking the payload's value up in it with Go's `==`,
      // which is never true for an array field nor equal to a scalar one.
      found.warnings.push(
        problem('never_matches', at, 'a bare array never matches on the engine', `to match any of these values write { "$in": ${show(value)} }; to require several elements of an array field, { "$and": [{ "field": "a" }, { "field": "b" }] }`),
      );
    }
    return { kind: 'equals', value };
  }
  found.problems.push(problem('invalid_value', at, `expects a JSON value (string, finite number, boolean, null, array or object), got ${show(value)}`));
  return undefined;
}

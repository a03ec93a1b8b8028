import type { FilterProblem, ProblemPath } from '../types.js';
import type { Clause, Condition, FieldTest, FilterNode } from './ast.js';
import { isJsonValue, isPlainObject } from './json-value.js';
import { MAX_FIELD_DEPTH, MAX_LOGICAL_DEPTH } from './limits.js';
import { isOperator, looksLikeOperator, operatorHint } from './operators.js';
import { parseCondition } from './parse-condition.js';
import { parseKey } from './parse-key.js';
import { problem, show } from './problem.js';

/** A parsed filter and every problem found. `node` leaves out the parts that have problems. */
export interface ParsedFilter {
  readonly node: FilterNode;
  readonly problems: readonly FilterProblem[];
}

interface Level {
  /** Field names from the payload's root to here. */
  readonly fieldDepth: number;
  /** `$and` / `$or` around here. */
  readonly logicalDepth: number;
}

/**
 * Parses a filter into a tree, collecting every problem of its syntax (docs/contract.md §Filters); fields
 * are not checked against an event's payload here (see `validateFilter`).
 */
export function parseFilter(filter: unknown): ParsedFilter {
  const problems: FilterProblem[] = [];
  const node = parseObject(filter, [], { fieldDepth: 0, logicalDepth: 0 }, problems);
  return { node, problems };
}

function parseObject(value: unknown, at: ProblemPath, level: Level, problems: FilterProblem[]): FilterNode {
  if (!isPlainObject(value)) {
    problems.push(problem('not_an_object', at, `a filter is a JSON object, got ${show(value)}`));
    return { clauses: [] };
  }
  const clauses: Clause[] = [];
  for (const [key, item] of Object.entries(value)) {
    const clause = parseClause(key, item, [...at, key], level, problems);
    if (clause !== undefined) clauses.push(clause);
  }
  return { clauses };
}

function parseClause(key: string, value: unknown, at: ProblemPath, level: Level, problems: FilterProblem[]): Clause | undefined {
  if (key === '$and' || key === '$or') {
    if (level.logicalDepth >= MAX_LOGICAL_DEPTH) {
      problems.push(problem('too_deep', at, `"$and" and "$or" may nest at most ${MAX_LOGICAL_DEPTH} deep`));
      return undefined;
    }
    if (!Array.isArray(value) || value.length === 0) {
      problems.push(problem('invalid_operand', at, `${key} expects a non-empty array of filters, got ${show(value)}`, `write { "${key}": [{ ... }, { ... }] }`));
      return undefined;
    }
    const inner = { ...level, logicalDepth: level.logicalDepth + 1 };
    const filters = value.map((item: unknown, index) => parseObject(item, [...at, index], inner, problems));
    return { kind: 'logical', operator: key, filters, at };
  }
  if (looksLikeOperator(key)) {
    problems.push(
      isOperator(key)
        ? problem('misplaced_operator', at, `"${key}" must be inside a field's object`, `write { "field": { "${key}": ... } }`)
        : problem('unknown_operator', at, `"${key}" is not an operator of the language`, operatorHint(key)),
    );
    return undefined;
  }
  const parsed = parseKey(key, at);
  if ('problem' in parsed) {
    problems.push(parsed.problem);
    return undefined;
  }
  const fieldDepth = level.fieldDepth + parsed.steps.filter((step) => step.kind === 'key').length;
  if (fieldDepth > MAX_FIELD_DEPTH) {
    problems.push(problem('too_deep', at, `fields may nest at most ${MAX_FIELD_DEPTH} levels deep, this one is ${fieldDepth} deep`));
    return undefined;
  }
  const test = parseTest(value, at, { ...level, fieldDepth }, problems);
  return test === undefined ? undefined : { kind: 'field', steps: parsed.steps, test, at };
}

function parseTest(value: unknown, at: ProblemPath, level: Level, problems: FilterProblem[]): FieldTest | undefined {
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) {
      problems.push(problem('empty_object', at, 'an empty object tests nothing', 'remove it, or write { "$exist": true }'));
      return undefined;
    }
    const operators = keys.filter((key) => looksLikeOperator(key) && key !== '$and' && key !== '$or');
    if (operators.length === 0) return { kind: 'nested', filter: parseObject(value, at, level, problems) };
    if (operators.length < keys.length) {
      const fields = keys.filter((key) => !operators.includes(key));
      problems.push(
        problem('mixed_keys', at, `mixes operators (${operators.join(', ')}) with fields (${fields.join(', ')})`, 'an object holds either operators or fields'),
      );
      return undefined;
    }
    const conditions: Condition[] = [];
    for (const operator of operators) {
      const condition = parseCondition(operator, value[operator], [...at, operator], problems);
      if (condition !== undefined) conditions.push(condition);
    }
    return conditions.length === operators.length ? { kind: 'operators', conditions } : undefined;
  }
  if (isJsonValue(value)) return { kind: 'equals', value };
  problems.push(problem('invalid_value', at, `expects a JSON value (string, finite number, boolean, null, array or object), got ${show(value)}`));
  return undefined;
}

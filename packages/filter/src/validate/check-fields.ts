import type { Clause, Condition, FieldTest, FilterNode, PathStep } from '../language/ast.js';
import { kindOf } from '../language/json-value.js';
import { editDistance } from '../language/operators.js';
import { problem, show } from '../language/problem.js';
import type { FilterProblem, JsonValue, ProblemPath } from '../types.js';
import { ANY_SHAPE, accepts, describeKind, describeShape, type FieldShape } from './field-shape.js';

/** How {@link checkFields} treats a field the payload schema does not list. */
export interface CheckFieldsOptions {
  readonly allowUnknownFields: boolean;
  /** Other events' payload shapes, to say where a field belongs ("userId is a profile field"). */
  readonly elsewhere: ReadonlyArray<{ readonly label: string; readonly shape: FieldShape }>;
}

/**
 * Checks a parsed filter against an event's payload shape: every field must exist (a typo would
 * otherwise never match), and every compared value must be of a type the field can hold (equality
 * is type-sensitive, so `{ "followerCount": "108" }` can never match).
 */
export function checkFields(node: FilterNode, shape: FieldShape, options: CheckFieldsOptions, problems: FilterProblem[]): void {
  for (const clause of node.clauses) checkClause(clause, shape, options, problems);
}

function checkClause(clause: Clause, shape: FieldShape, options: CheckFieldsOptions, problems: FilterProblem[]): void {
  if (clause.kind === 'logical') {
    for (const filter of clause.filters) checkFields(filter, shape, options, problems);
    return;
  }
  let current = shape;
  let named = '';
  for (const step of clause.steps) {
    const next = stepInto(current, step);
    if (next === undefined) {
      if (!options.allowUnknownFields && step.kind === 'key') problems.push(unknownField(step.name, named, current, clause.at, options));
      return;
    }
    if (step.kind === 'key') named = named === '' ? step.name : `${named}.${step.name}`;
    current = next;
  }
  checkTest(clause.test, current, clause.at, options, problems);
}

// A `$` step fans out over an array and leaves any other value as it is (see parse-key.ts).
function stepInto(shape: FieldShape, step: PathStep): FieldShape | undefined {
  if (shape.any) return ANY_SHAPE;
  if (step.kind === 'each') return shape.items ?? shape;
  if (shape.items !== undefined && /^\d+$/.test(step.name)) return shape.items;
  return shape.properties?.get(step.name);
}

function unknownField(name: string, parent: string, shape: FieldShape, at: ProblemPath, options: CheckFieldsOptions): FilterProblem {
  const full = parent === '' ? name : `${parent}.${name}`;
  if (shape.properties === undefined) {
    return problem('unknown_field', at, `"${parent}" holds ${describeShape(shape)}, which has no field "${name}"`);
  }
  const known = [...shape.properties.keys()];
  const close = known.find((key) => key.toLowerCase() === name.toLowerCase()) ?? known.find((key) => name.length > 3 && editDistance(key, name) <= 2);
  const home = parent === '' ? options.elsewhere.find((other) => other.shape.properties?.has(name)) : undefined;
  const hint = close !== undefined ? `did you mean "${close}"?` : home !== undefined ? `"${name}" is a field of ${home.label} events` : undefined;
  return problem('unknown_field', at, `the payload has no field "${full}"`, hint);
}

function checkTest(test: FieldTest, shape: FieldShape, at: ProblemPath, options: CheckFieldsOptions, problems: FilterProblem[]): void {
  if (shape.any) return;
  if (test.kind === 'nested') {
    if (!shape.kinds.has('object')) {
      problems.push(problem('type_mismatch', at, `the field holds ${describeShape(shape)}, not an object with fields`));
      return;
    }
    checkFields(test.filter, shape, options, problems);
    return;
  }
  if (test.kind === 'equals') {
    checkValue(test.value, shape, at, problems);
    return;
  }
  for (const condition of test.conditions) checkCondition(condition, shape, problems);
}

function checkCondition(condition: Condition, shape: FieldShape, problems: FilterProblem[]): void {
  switch (condition.operator) {
    case '$eq':
    case '$neq':
      checkValue(condition.value, shape, condition.at, problems);
      return;
    case '$in':
    case '$nin':
      condition.values.forEach((value, index) => checkValue(value, shape, [...condition.at, index], problems));
      return;
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      if (!accepts(shape, 'number') && !accepts(shape, 'integer')) {
        problems.push(problem('type_mismatch', condition.at, `the field holds ${describeShape(shape)}; ${condition.operator} compares numbers only`));
      }
      return;
    case '$regex':
      if (!accepts(shape, 'string')) {
        problems.push(problem('type_mismatch', condition.at, `the field holds ${describeShape(shape)}; $regex tests strings only`));
      }
      return;
    case '$exist':
      return;
  }
}

function checkValue(value: JsonValue, shape: FieldShape, at: ProblemPath, problems: FilterProblem[]): void {
  const kind = kindOf(value);
  if (accepts(shape, kind)) return;
  let hint: string | undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) && (accepts(shape, 'number') || accepts(shape, 'integer'))) {
    hint = `write ${Number(value)} without quotes`;
  } else if (typeof value === 'number' && accepts(shape, 'string')) {
    hint = `write "${value}" in quotes`;
  }
  problems.push(
    problem('type_mismatch', at, `the field holds ${describeShape(shape)}; ${show(value)} is ${describeKind(kind)} and never equals it (equality is type-sensitive)`, hint),
  );
}

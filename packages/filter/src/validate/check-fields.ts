import type { Clause, Condition, FieldTest, FilterNode, PathStep } from '../language/ast.js';
import { goParseFloat } from '../engine/go-parse-float.js';
import { kindOf } from '../language/json-value.js';
import { editDistance } from '../language/operators.js';
import { problem, show } from '../language/problem.js';
import type { FilterProblem, FilterWarning, JsonValue, ProblemPath } from '../types.js';
import { ANY_SHAPE, accepts, describeKind, describeShape, type FieldShape } from './field-shape.js';
import { warnOnShape } from './warn-on-shape.js';

/** How {@link checkFields} treats a field the payload schema does not list, and numeric strings. */
export interface CheckFieldsOptions {
  readonly allowUnknownFields: boolean;
  /** Whether the engine compares numeric strings as numbers (the current engine) or not. */
  readonly numericStringsAsNumbers: boolean;
  /** Other events' payload shapes, to say where a field belongs ("userId is a profile field"). */
  readonly elsewhere: ReadonlyArray<{ readonly label: string; readonly shape: FieldShape }>;
}

/** Where {@link checkFields} reports: errors, and warnings (the engine accepts, but it cannot work). */
export interface FieldFindings {
  readonly problems: FilterProblem[];
  readonly warnings: FilterWarning[];
}

/**
 * Checks a parsed filter against an event's payload shape: every field must exist (a typo would
 * otherwise never match), every compared value must be of a type the field can hold, and every
 * shape that can never work on the engine (a `$` step on an object, an operator on an array field,
 * a test of an object field itself) is a warning with the reason.
 */
export function checkFields(node: FilterNode, shape: FieldShape, options: CheckFieldsOptions, found: FieldFindings): void {
  for (const clause of node.clauses) checkClause(clause, shape, options, found);
}

function checkClause(clause: Clause, shape: FieldShape, options: CheckFieldsOptions, found: FieldFindings): void {
  if (clause.kind === 'logical') {
    for (const filter of clause.filters) checkFields(filter, shape, options, found);
    return;
  }
  let current = shape;
  let named = '';
  for (const [index, step] of clause.steps.entries()) {
    const reason = stepProblem(current, step, named, withoutStep(clause.steps, index));
    if (reason !== undefined) {
      found.warnings.push(problem('never_matches', clause.at, reason.text, reason.hint));
      return;
    }
    const next = stepInto(current, step);
    if (next === undefined) {
      if (step.kind === 'key') {
        const unknown = unknownField(step.name, named, current, clause.at, options);
        if (options.allowUnknownFields) found.warnings.push({ ...unknown, code: 'unknown_field' });
        else found.problems.push(unknown);
      }
      return;
    }
    if (step.kind === 'key') named = named === '' ? step.name : `${named}.${step.name}`;
    current = next;
  }
  checkTest(clause.test, current, clause.at, options, found);
}

// The engine expands `$` into indexes of arrays of objects (`items.0.rank`); arrays of scalars stay
// whole, and objects have no indexes.
function stepProblem(shape: FieldShape, step: PathStep, named: string, without: string): { text: string; hint?: string } | undefined {
  if (shape.any || named === '') return undefined;
  const isArray = shape.kinds.has('array');
  const ofObjects = isArray && shape.items !== undefined && (shape.items.any || shape.items.kinds.has('object'));
  if (step.kind === 'each' && !isArray) {
    return { text: `"${named}" holds ${describeShape(shape)}; the engine's "$" step indexes arrays of objects only, so this never matches`, hint: `drop the "$" step: write "${without}"` };
  }
  if (step.kind === 'each' && !ofObjects) {
    return { text: `"${named}" holds ${describeShape(shape)}; the engine keeps such an array whole, so a "$" step never matches`, hint: `test the array itself: { "${named}": value } means it contains value` };
  }
  if (step.kind === 'key' && /^\d+$/.test(step.name) && isArray && !ofObjects) {
    return { text: `"${named}" holds ${describeShape(shape)}; the engine keeps such an array whole, so an index step never matches`, hint: `test the array itself: { "${named}": value } means it contains value` };
  }
  return undefined;
}

// The key without the step at `index` and without leading `$` steps (a payload is an object).
function withoutStep(steps: readonly PathStep[], index: number): string {
  const kept = steps.filter((_, at) => at !== index);
  while (kept[0]?.kind === 'each') kept.shift();
  return kept.map((step) => (step.kind === 'each' ? '$' : step.name)).join('.');
}

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

function checkTest(test: FieldTest, shape: FieldShape, at: ProblemPath, options: CheckFieldsOptions, found: FieldFindings): void {
  if (shape.any) return;
  if (test.kind === 'nested') {
    if (!shape.kinds.has('object')) {
      found.problems.push(problem('type_mismatch', at, `the field holds ${describeShape(shape)}, not an object with fields`));
      return;
    }
    checkFields(test.filter, shape, options, found);
    return;
  }
  if (warnOnShape(test, shape, at, found.warnings)) return;
  if (test.kind === 'equals') {
    checkValue(test.value, shape, at, options.numericStringsAsNumbers, found.problems);
    return;
  }
  for (const condition of test.conditions) checkCondition(condition, shape, options, found.problems);
}

function checkCondition(condition: Condition, shape: FieldShape, options: CheckFieldsOptions, problems: FilterProblem[]): void {
  switch (condition.operator) {
    case '$eq':
    case '$neq':
      checkValue(condition.value, shape, condition.at, options.numericStringsAsNumbers, problems);
      return;
    case '$in':
    case '$nin':
      // `$in` never converts numeric strings, on any engine.
      if (condition.list) condition.values.forEach((value, index) => checkValue(value, shape, [...condition.at, index], false, problems));
      return;
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      if (!accepts(shape, 'number') && !accepts(shape, 'integer') && !(options.numericStringsAsNumbers && accepts(shape, 'string'))) {
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

function checkValue(value: JsonValue, shape: FieldShape, at: ProblemPath, numericStrings: boolean, problems: FilterProblem[]): void {
  const kind = kindOf(value);
  if (accepts(shape, kind)) return;
  const numericString = typeof value === 'string' && goParseFloat(value) !== undefined;
  const numberField = accepts(shape, 'number') || accepts(shape, 'integer');
  // The engine compares numeric strings as numbers for equality: "3761" equals 3761.
  if (numericStrings && ((numericString && numberField) || (typeof value === 'number' && accepts(shape, 'string')))) return;
  let hint: string | undefined;
  if (numericString && numberField) hint = `write ${Number(value)} without quotes`;
  else if (typeof value === 'number' && accepts(shape, 'string')) hint = `write "${value}" in quotes`;
  problems.push(
    problem('type_mismatch', at, `the field holds ${describeShape(shape)}; ${show(value)} is ${describeKind(kind)} and never equals it`, hint),
  );
}

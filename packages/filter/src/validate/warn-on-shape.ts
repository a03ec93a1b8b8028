import type { Condition, FieldTest } from '../language/ast.js';
import { problem, show } from '../language/problem.js';
import type { FilterWarning, ProblemPath } from '../types.js';
import { describeShape, type FieldShape } from './field-shape.js';

type Verdict = { readonly code: FilterWarning['code']; readonly text: string; readonly hint?: string };

/**
 * Warns where the engine accepts a test but its answer does not depend on the event: a test of an
 * object field itself (the engine flattens objects away), an operator on an array field (the engine
 * compares the whole array), `$in` with one value on a field that is no array. Returns whether it
 * warned, so that the type checks, which assume the library's reading, are skipped.
 */
export function warnOnShape(test: FieldTest, shape: FieldShape, at: ProblemPath, warnings: FilterWarning[]): boolean {
  if (shape.any) return false;
  // The field holds only this kind (or null, which the engine keeps as a plain value).
  const only = (kind: string) => shape.kinds.has(kind as never) && [...shape.kinds].every((item) => item === kind || item === 'null');
  if (only('object')) {
    // A nullable object field is a plain `null` value when it is null, which a test may match.
    const whenNull = shape.kinds.has('null') && mayMatchNull(test) ? ' while it holds an object (it can match only when the field is null)' : '';
    warnings.push(
      problem('never_matches', at, `the field holds ${describeShape(shape)}; the engine flattens an object into its fields, so the field itself is never there and this never matches${whenNull}`, `test a field inside it: { "${String(at[at.length - 1])}.field": ... }`),
    );
    return true;
  }
  if (test.kind !== 'operators') return false;
  let warned = false;
  for (const condition of test.conditions) {
    const verdict = only('array') ? onArray(condition, String(at[at.length - 1])) : onScalar(condition, shape);
    if (verdict === undefined) continue;
    warnings.push(problem(verdict.code, condition.at, verdict.text, verdict.hint));
    warned = true;
  }
  return warned;
}

// What the engine answers for an operator on an array of scalars (it keeps the array whole).
function onArray(condition: Condition, field: string): Verdict | undefined {
  const array = 'on an array field the engine compares the whole array';
  const value = 'value' in condition ? show(condition.value) : '';
  switch (condition.operator) {
    case '$in':
      return condition.list ? { code: 'never_matches', text: `${array}, which is never one of the listed values`, hint: `to match arrays that contain one of them, write { "$or": [{ "${field}": ${show(condition.values[0])} }, ...] }` } : undefined;
    case '$nin':
      return condition.list ? { code: 'always_matches', text: `${array}, which is never one of the listed values, so this always holds`, hint: 'the engine cannot test that no element is in a list' } : undefined;
    case '$eq':
      return { code: 'never_matches', text: `${array} with ${value}, which it never equals`, hint: `write a bare value: { "${field}": ${value} } means the array contains it` };
    case '$neq':
      return { code: 'always_matches', text: `${array} with ${value}, which it never equals, so this always holds` };
    case '$gte':
      return { code: 'never_matches', text: `${array}, which is no number, so ${condition.operator} is false` };
    case '$lt':
      return { code: 'always_matches', text: `${array}, which is no number, so $lt is true` };
    case '$gt':
    case '$lte':
    case '$regex':
      return { code: 'engine_error', text: `${array}, and ${condition.operator} of an array is an error there, so no event is delivered` };
    case '$exist':
      return undefined;
  }
}

function onScalar(condition: Condition, shape: FieldShape): Verdict | undefined {
  if ((condition.operator === '$in' || condition.operator === '$nin') && !condition.list && !shape.kinds.has('array')) {
    const value = show(condition.values[0]);
    return { code: 'engine_error', text: `with one value, ${condition.operator} needs an array field; on ${describeShape(shape)} the engine answers an error`, hint: `write { "${condition.operator}": [${value}] }` };
  }
  return undefined;
}

function mayMatchNull(test: FieldTest): boolean {
  if (test.kind === 'equals') return test.value === null;
  if (test.kind !== 'operators') return false;
  return test.conditions.every((condition) => condition.operator === '$exist' || condition.operator === '$neq' || condition.operator === '$nin' || ('value' in condition && condition.value === null) || (condition.operator === '$in' && condition.values.includes(null)));
}

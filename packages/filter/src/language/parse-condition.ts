import { compileRegex } from '../regex/compile-regex.js';
import type { FilterProblem, ProblemPath } from '../types.js';
import type { Condition } from './ast.js';
import { isJsonValue } from './json-value.js';
import { operatorHint, type ComparisonOperator, COMPARISON_OPERATORS, isOperator } from './operators.js';
import { problem, show } from './problem.js';

const comparisons: ReadonlySet<string> = new Set(COMPARISON_OPERATORS);

/**
 * Parses one entry of an operator object (`{ "$gte": 100 }`): checks that the operator exists and
 * that its operand has the type it takes. Returns the condition, or pushes the problem.
 */
export function parseCondition(operator: string, operand: unknown, at: ProblemPath, problems: FilterProblem[]): Condition | undefined {
  if (!comparisons.has(operator)) {
    if (isOperator(operator)) {
      problems.push(problem('misplaced_operator', at, `"${operator}" combines filters and belongs beside fields, not inside one`, `write { "${operator}": [{ "field": ... }, ...] }`));
    } else {
      problems.push(problem('unknown_operator', at, `"${operator}" is not an operator of the language`, operatorHint(operator)));
    }
    return undefined;
  }
  const op = operator as ComparisonOperator;
  const fail = (text: string, hint?: string) => {
    problems.push(problem('invalid_operand', at, `${op} ${text}, got ${show(operand)}`, hint));
    return undefined;
  };
  switch (op) {
    case '$eq':
    case '$neq':
      return isJsonValue(operand) ? { operator: op, value: operand, at } : fail('expects a JSON value');
    case '$in':
    case '$nin':
      // The engine also takes one scalar: then the field must be an array that contains it (the
      // same as a bare value); on any other field the engine answers an error (see validateFilter).
      if (operand === null || typeof operand === 'string' || typeof operand === 'boolean' || (typeof operand === 'number' && Number.isFinite(operand))) {
        return { operator: op, values: [operand], list: false, at };
      }
      if (!Array.isArray(operand)) return fail('expects an array of values, or one value an array field contains');
      return operand.every((value) => isJsonValue(value)) ? { operator: op, values: operand, list: true, at } : fail('expects an array of JSON values');
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      if (typeof operand === 'number' && Number.isFinite(operand)) return { operator: op, value: operand, at };
      return fail(
        'expects a number',
        typeof operand === 'string' && operand.trim() !== '' && Number.isFinite(Number(operand)) ? `write ${Number(operand)} without quotes` : undefined,
      );
    case '$regex': {
      if (typeof operand !== 'string') return fail('expects a pattern string');
      const compiled = compileRegex(operand);
      if (compiled.ok) return { operator: op, regex: compiled.regex, at };
      problems.push(problem('invalid_regex', at, compiled.reason, compiled.hint));
      return undefined;
    }
    case '$exist':
      if (typeof operand === 'boolean') return { operator: op, value: operand, at };
      return fail('expects true or false', operand === 'true' || operand === 'false' || operand === 1 || operand === 0 ? `write ${String(operand === 'true' || operand === 1)} without quotes` : undefined);
  }
}

import { regexMatches } from './go-regex-cache.js';
import { deepEqual, EngineFault, interfaceEqual, isGoMap, showGo, toFloat64, type GoMap, type GoValue } from './go-value.js';
import { positionalKeys } from './positional-keys.js';

/** How numeric strings compare; see the README ("numbers as strings"). */
export type NumericStrings = 'as-numbers' | 'as-strings';

/** Options of {@link compare}. */
export interface CompareOptions {
  /** `as-numbers` (the engine since 2025, default) or `as-strings` (the older engine). */
  readonly numericStrings: NumericStrings;
}

/**
 * The engine's `compare.Compare` on a flattened payload and a flattened filter. Every key must hold;
 * a key the payload does not have is skipped, unless it is the only thing left to decide (then the
 * filter does not match: an empty list of results is `false` unless the filter itself is empty).
 *
 * @throws {EngineFault} where the engine answers an error (the gateway then delivers nothing).
 */
export function compare(payload: GoMap, filter: GoMap, options: CompareOptions): boolean {
  const pass: boolean[] = [];
  for (const [key, filterValue] of filter) {
    if (key.length < 2 ? key.endsWith('$') || key === '' : key.endsWith('.$')) {
      throw new EngineFault('invalid filter syntax, found trailing $');
    }
    if (key.includes('$.')) {
      const checks = positionalKeys(payload, key).map((candidate) => compare(payload, new Map([[candidate, filterValue]]), options));
      pass.push(checks.some(Boolean));
    }
    if (!payload.has(key)) {
      if (key === '$or' || key === '$and') pass.push(logical(key, payload, filterValue, options));
      continue;
    }
    const payloadValue = payload.get(key)!;
    if (isGoMap(filterValue)) {
      for (const [operator, operand] of filterValue) {
        // `$exist` of a present field: the field is there, so the answer is the operand.
        if (operator === '$exist') pass.push(existOperand(operand));
        else pass.push(apply(operator, payloadValue, operand, options));
      }
    } else if (Array.isArray(payloadValue)) {
      pass.push(contains(payloadValue, filterValue));
    } else {
      pass.push(equal(payloadValue, filterValue, options));
    }
  }
  return pass.length === 0 ? filter.size === 0 : pass.every(Boolean);
}

function apply(operator: string, payload: GoValue, operand: GoValue, options: CompareOptions): boolean {
  switch (operator) {
    case '$eq':
      return equal(payload, operand, options);
    case '$neq':
      return !equal(payload, operand, options);
    case '$in':
      return contains(payload, operand);
    case '$nin':
      return !contains(payload, operand);
    case '$gt':
      return greater(payload, operand, options);
    case '$lte':
      return !greater(payload, operand, options);
    case '$gte':
      return greaterOrEqual(payload, operand, options);
    case '$lt':
      return !greaterOrEqual(payload, operand, options);
    case '$regex':
      if (typeof operand !== 'string') throw new EngineFault(`filter ${showGo(operand)} is not valid json`);
      if (typeof payload !== 'string') throw new EngineFault(`payload ${showGo(payload)} is not valid json`);
      return regexMatches(operand, payload);
    case '$or':
    case '$and':
      return logical(operator, payload, operand, options);
    default:
      // The engine looks the operator up in a map and calls nil: a panic.
      throw new EngineFault(`runtime error: no operator ${operator}`);
  }
}

function existOperand(operand: GoValue): boolean {
  if (typeof operand !== 'boolean') throw new EngineFault(`interface conversion: interface {} is ${showGo(operand)}, not bool`);
  return operand;
}

function logical(operator: '$or' | '$and', payload: GoValue, operand: GoValue, options: CompareOptions): boolean {
  if (!Array.isArray(operand)) throw new EngineFault(`filter ${showGo(operand)} is not valid json`);
  if (!isGoMap(payload)) throw new EngineFault(`payload ${showGo(payload)} is not valid json`);
  const results = (operand as readonly GoValue[]).map((item) => {
    if (!isGoMap(item)) throw new EngineFault(`interface conversion: interface {} is ${showGo(item)}, not map[string]interface {}`);
    return compare(payload, item, options);
  });
  return operator === '$or' ? results.some(Boolean) : results.every(Boolean);
}

// `$in`, and a bare value against an array field: membership by Go's `==`, never converting
// numeric strings. With a list operand the payload value is looked up in the list; otherwise the
// payload must be the array.
function contains(payload: GoValue, operand: GoValue): boolean {
  if (Array.isArray(operand)) return (operand as readonly GoValue[]).some((item) => interfaceEqual(item, payload));
  if (!Array.isArray(payload)) throw new EngineFault(`${showGo(payload)} is not a valid slice`);
  return (payload as readonly GoValue[]).some((item) => interfaceEqual(item, operand));
}

function number(value: GoValue, options: CompareOptions): number | undefined {
  if (options.numericStrings === 'as-strings' && typeof value === 'string') return undefined;
  return toFloat64(value);
}

function equal(a: GoValue, b: GoValue, options: CompareOptions): boolean {
  return deepEqual(number(a, options) ?? a, number(b, options) ?? b);
}

// `$gte` answers false for a value that is no number; `$gt` answers an error (and so `$lt` is true
// and `$lte` an error): the engine's asymmetry, kept.
function greaterOrEqual(payload: GoValue, operand: GoValue, options: CompareOptions): boolean {
  const p = number(payload, options);
  const f = number(operand, options);
  return p !== undefined && f !== undefined && p >= f;
}

function greater(payload: GoValue, operand: GoValue, options: CompareOptions): boolean {
  const p = number(payload, options);
  if (p === undefined) throw new EngineFault(`payload ${showGo(payload)} is not a valid number`);
  const f = number(operand, options);
  if (f === undefined) throw new EngineFault(`filter ${showGo(operand)} is not a valid number`);
  return p > f;
}

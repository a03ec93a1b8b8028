import { EngineFault, isGoMap, type GoMap, type GoValue } from './go-value.js';

/** The operators the engine knows (`pkg/flatten`); any other `$name` key is refused. */
export const ENGINE_OPERATORS: ReadonlySet<string> = new Set(['$gte', '$gt', '$lte', '$lt', '$in', '$nin', '$eq', '$neq', '$or', '$and', '$exist', '$regex']);

/**
 * The engine's `flatten.Flatten`, which it applies to both the payload and the filter: nested
 * objects become dotted keys (`{ "a": { "b": 1 } }` -> `a.b`), arrays of objects become indexed keys
 * (`items.0.rank`), arrays whose first element is a scalar stay whole, operator objects stay as the
 * value of their field's key, and each filter of `$or` / `$and` is flattened on its own, from the root.
 *
 * @throws {EngineFault} for a `$name` key that is not an operator, or `$or` / `$and` without an array.
 */
export function flatten(input: GoValue, prefix = ''): Map<string, GoValue> {
  const result = new Map<string, GoValue>();
  if (input === null) return result;
  if ((isGoMap(input) && input.size === 0) || (Array.isArray(input) && input.length === 0)) return result;
  const stack: Array<{ prefix: string; nested: GoValue }> = [{ prefix, nested: input }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const nested = frame.nested;
    if (isGoMap(nested)) {
      if (nested.size === 0) {
        result.set(frame.prefix, new Map());
        continue;
      }
      for (const [key, value] of nested) {
        if (key.startsWith('$') && !key.startsWith('$.')) {
          if (!ENGINE_OPERATORS.has(key)) throw new EngineFault(`${key} starts with a $ and is not a valid operator`);
          putOperator(frame.prefix, key, key === '$or' || key === '$and' ? flattenEach(value) : value, result);
          continue;
        }
        stack.push({ prefix: frame.prefix === '' ? key : `${frame.prefix}.${key}`, nested: value });
      }
    } else if (Array.isArray(nested)) {
      const items = nested as readonly GoValue[];
      if (isHomogeneous(items)) {
        result.set(frame.prefix, items);
        continue;
      }
      // Only the objects of such an array are kept; other elements vanish.
      items.forEach((item, index) => {
        if (isGoMap(item)) stack.push({ prefix: frame.prefix === '' ? String(index) : `${frame.prefix}.${index}`, nested: item });
      });
    } else if (frame.prefix !== '') {
      result.set(frame.prefix, nested);
    }
  }
  return result;
}

function flattenEach(value: GoValue): GoValue {
  if (!Array.isArray(value)) throw new EngineFault('the value of $or and $and must be an array');
  return (value as readonly GoValue[]).map((item) => flatten(item));
}

// The engine decides by the first element only ("arrays in json are homogenous").
function isHomogeneous(items: readonly GoValue[]): boolean {
  if (items.length === 0) return true;
  const first = items[0];
  return typeof first === 'number' || typeof first === 'string' || typeof first === 'boolean';
}

// An operator is stored in its field's operator object; if the field already holds a plain value,
// the engine drops the operator silently.
function putOperator(prefix: string, key: string, value: GoValue, result: Map<string, GoValue>): void {
  if (prefix === '') {
    result.set(key, value);
    return;
  }
  const existing = result.get(prefix);
  if (existing === undefined || existing === null) {
    result.set(prefix, new Map([[key, value]]));
    return;
  }
  if (isGoMap(existing)) (existing as Map<string, GoValue>).set(key, value);
}

export type { GoMap };

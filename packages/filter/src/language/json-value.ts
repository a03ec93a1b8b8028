import type { JsonValue } from '../types.js';
import { MAX_VALUE_DEPTH } from './limits.js';

/** A plain object (not null, not an array): what a filter, a nested filter and a payload are. */
export function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Whether `value` is a JSON value: strings, finite numbers, booleans, null, arrays and plain objects
 * of them, at most {@link MAX_VALUE_DEPTH} deep (which also refuses cycles).
 */
export function isJsonValue(value: unknown, depth = 0): value is JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth >= MAX_VALUE_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (isPlainObject(value)) return Object.values(value).every((item) => isJsonValue(item, depth + 1));
  return false;
}

/** The JSON kind of a value, as messages and type checks name it. */
export type JsonKind = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'array' | 'object';

export function kindOf(value: JsonValue): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'object') return 'object';
  return typeof value as 'string' | 'boolean';
}

/**
 * Type-sensitive deep equality (docs/contract.md §Filters: `3761` does not equal `"3761"`). Objects are equal when
 * they have the same keys with equal values, in any order.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
  }
  return false;
}

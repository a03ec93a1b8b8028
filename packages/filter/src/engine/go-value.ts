import { goParseFloat } from './go-parse-float.js';

/**
 * A value as the engine holds it after Go's `encoding/json` decoded it: objects are maps (a `Map`,
 * so that keys such as `__proto__` are plain keys), numbers are float64.
 */
export type GoValue = null | boolean | number | string | readonly GoValue[] | GoMap;
export type GoMap = ReadonlyMap<string, GoValue>;

/** Why the engine refuses to answer for this filter and payload: the event is not delivered. */
export class EngineFault extends Error {
  override readonly name = 'EngineFault';
  /** True when the engine would answer, but this library cannot predict how (see the README). */
  readonly local: boolean;

  constructor(message: string, options: { local?: boolean } = {}) {
    super(message);
    this.local = options.local ?? false;
  }
}

/** Whether a value is one of the engine's maps. */
export function isGoMap(value: GoValue | undefined): value is GoMap {
  return value instanceof Map;
}

/**
 * Converts parsed JSON to the engine's values, reading own properties only. What JSON cannot hold
 * becomes what `JSON.stringify` would send: `undefined` members vanish, non-finite numbers are null.
 */
export function toGoValue(value: unknown, depth = 0): GoValue {
  // A guard of this library (Go's decoder allows 10,000 levels): it cannot answer for such a value.
  if (depth > 256) throw new EngineFault('the value nests deeper than 256 levels', { local: true });
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map((item: unknown) => (item === undefined ? null : toGoValue(item, depth + 1)));
  if (typeof value === 'object') {
    const map = new Map<string, GoValue>();
    for (const [key, item] of Object.entries(value)) if (item !== undefined) map.set(key, toGoValue(item, depth + 1));
    return map;
  }
  return null;
}

/**
 * The engine's `toFloat64`: a number, or a string that Go's `strconv.ParseFloat` reads as one
 * (`"3761"`, `"1e3"`, `"Inf"`); anything else is not a number. This is why `{ "userId": 3761 }`
 * equals the payload's `"3761"` on the gateway.
 */
export function toFloat64(value: GoValue): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return goParseFloat(value);
  return undefined;
}

/** Go's `reflect.DeepEqual` on decoded JSON: same kind and same content; NaN equals nothing. */
export function deepEqual(a: GoValue, b: GoValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (isGoMap(a) || isGoMap(b)) {
    if (!isGoMap(a) || !isGoMap(b) || a.size !== b.size) return false;
    for (const [key, item] of a) if (!b.has(key) || !deepEqual(item, b.get(key)!)) return false;
    return true;
  }
  return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]!));
}

/**
 * Go's `==` on two `interface{}` values, as the engine's `$in` uses it: the same type and value;
 * numeric strings are not converted here. Go panics on two maps or two slices; the engine then
 * fails, which is an error here.
 */
export function interfaceEqual(a: GoValue, b: GoValue): boolean {
  const aComposite = a !== null && typeof a === 'object';
  const bComposite = b !== null && typeof b === 'object';
  if (aComposite && bComposite && isGoMap(a) === isGoMap(b)) {
    throw new EngineFault(`runtime error: comparing uncomparable type ${isGoMap(a) ? 'map[string]interface {}' : '[]interface {}'}`);
  }
  return a === b;
}

/** Go's `%+v` rendering, short, for the engine's messages. */
export function showGo(value: GoValue): string {
  if (value === null) return '<nil>';
  if (isGoMap(value)) return `map[${[...value].map(([key, item]) => `${key}:${showGo(item)}`).join(' ')}]`;
  if (Array.isArray(value)) return `[${value.map(showGo).join(' ')}]`;
  return String(value);
}

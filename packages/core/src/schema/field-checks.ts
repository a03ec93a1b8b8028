import { invalidType, outOfRange, type Issue, type PathKey } from './issue.js';

// The checks of the primitive schemas the payload schemas are built from, as the generated checks
// (generated/) call them: a field's value, its key, and whether `undefined` and `null` pass
// (`z.nullish(...)`). Each answers `undefined` where zod's parse takes the value as it is, or the
// issue zod reports first (english-issues.ts words it).

/** What zod takes for an object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `z.string()`. */
export function checkString(value: unknown, key: PathKey, nullish: boolean): Issue | undefined {
  if (typeof value === 'string' || (nullish && (value === undefined || value === null))) return undefined;
  return invalidType(key, 'string', value);
}

/** `z.boolean()`. */
export function checkBoolean(value: unknown, key: PathKey, nullish: boolean): Issue | undefined {
  if (typeof value === 'boolean' || (nullish && (value === undefined || value === null))) return undefined;
  return invalidType(key, 'boolean', value);
}

/** `z.number()`: a finite number. */
export function checkNumber(value: unknown, key: PathKey, nullish: boolean): Issue | undefined {
  if (Number.isFinite(value) || (nullish && (value === undefined || value === null))) return undefined;
  return invalidType(key, 'number', value);
}

/** `z.int()`: a number, an integer, within the safe range, each refused in zod's words. */
export function checkInt(value: unknown, key: PathKey, nullish: boolean): Issue | undefined {
  if (Number.isSafeInteger(value) || (nullish && (value === undefined || value === null))) return undefined;
  if (!Number.isFinite(value)) return invalidType(key, 'number', value);
  if (!Number.isInteger(value)) return invalidType(key, 'int', value);
  const tooSmall = (value as number) < Number.MIN_SAFE_INTEGER;
  return outOfRange(key, 'int', tooSmall ? 'minimum' : 'maximum', tooSmall ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER, true);
}

/** `z.int().check(z.positive())` (`inclusive` false) or `z.nonnegative()` (true): a safe integer at or above 0. */
export function checkIntFrom(value: unknown, key: PathKey, nullish: boolean, minimum: number, inclusive: boolean): Issue | undefined {
  const issue = checkInt(value, key, nullish);
  if (issue !== undefined || typeof value !== 'number' || (inclusive ? value >= minimum : value > minimum)) return issue;
  return outOfRange(key, 'number', 'minimum', minimum, inclusive);
}

/** `z.record(z.string(), z.unknown())`: any object. */
export function checkRecord(value: unknown, key: PathKey, nullish: boolean): Issue | undefined {
  if (isObject(value) || (nullish && (value === undefined || value === null))) return undefined;
  return invalidType(key, 'record', value);
}

import { outOfRange, invalidType, type Issue, type PathKey } from './issue.js';

// What the checks generated from the payload schemas (generated/) share: the object test, and the
// issue of an integer, which depends on the value. The other primitive checks are written inline in
// each generated function (scripts/checks/emit-checks.ts says why).

/** What zod takes for an object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `z.int()` (a field's value, its key, and whether `undefined` and `null` pass): `undefined` where
 * zod takes the value, or the issue zod reports first: not a number, not whole, or out of the safe range.
 */
export function checkInt(value: unknown, key: PathKey, nullish: boolean): Issue | undefined {
  if (Number.isSafeInteger(value) || (nullish && (value === undefined || value === null))) return undefined;
  if (!Number.isFinite(value)) return invalidType(key, 'number', value);
  if (!Number.isInteger(value)) return invalidType(key, 'int', value);
  const tooSmall = (value as number) < Number.MIN_SAFE_INTEGER;
  return outOfRange(key, 'int', tooSmall ? 'minimum' : 'maximum', tooSmall ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER, true);
}

/** `z.int().check(z.positive())` (`inclusive` false) or `z.nonnegative()` (true): `checkInt`, then the bound. */
export function checkIntFrom(value: unknown, key: PathKey, nullish: boolean, minimum: number, inclusive: boolean): Issue | undefined {
  const issue = checkInt(value, key, nullish);
  if (issue !== undefined || typeof value !== 'number' || (inclusive ? value >= minimum : value > minimum)) return issue;
  return outOfRange(key, 'number', 'minimum', minimum, inclusive);
}

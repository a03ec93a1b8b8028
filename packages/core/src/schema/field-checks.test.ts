import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { checkInt, checkIntFrom } from './field-checks.js';
import { fieldSchemas } from './field-schemas.js';
import type { Issue, PathKey } from './issue.js';

// Installs the English messages the payload schemas carry (english-issues.ts), which the checks quote.
fieldSchemas();

// Any value, and the numbers at the edges of what an integer, a positive or a nonnegative one takes:
// the integer checks word the issue from the value, so each word is compared with zod's.
const anyValue = fc.oneof(
  fc.anything(),
  fc.string({ minLength: 200, maxLength: 600 }),
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    -0.5,
    2 ** 53,
    2 ** 53 - 1,
    -(2 ** 53),
    -(2 ** 53 - 1),
    1e300,
    -1e300,
    5e-324,
    NaN,
    Infinity,
    -Infinity,
  ),
  fc.double(),
  fc.integer(),
);

const HELPERS: readonly [string, z.ZodMiniType, (value: unknown, key: PathKey, nullish: boolean) => Issue | undefined][] = [
  ['int', z.int(), checkInt],
  ['positive int', z.int().check(z.positive()), (value, key, nullish) => checkIntFrom(value, key, nullish, 0, false)],
  ['nonnegative int', z.int().check(z.nonnegative()), (value, key, nullish) => checkIntFrom(value, key, nullish, 0, true)],
];

describe.each(HELPERS)('the check of a %s field', (_, schema, check) => {
  it.each([false, true])('refuses what zod refuses, with its first issue, and takes the rest (nullish: %s)', (nullish) => {
    const field = z.looseObject({ field: nullish ? z.nullish(schema) : schema });
    fc.assert(
      fc.property(anyValue, (value) => {
        const parsed = field.safeParse({ field: value });
        const issue = check(value, 'field', nullish);
        if (parsed.success) expect(issue).toBeUndefined();
        else expect(issue?.describe()).toBe(`field: ${parsed.error.issues[0]!.message}`);
      }),
      { numRuns: 2000 },
    );
  });
});

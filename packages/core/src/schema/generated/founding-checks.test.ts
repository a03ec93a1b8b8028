import fc from 'fast-check';
import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { sampleEvent } from '../../samples/samples.js';
import { Issue } from '../issue.js';
import { followPayloadSchema, profilePayloadSchema } from '../schemas.js';
import { parseFollowPayload, parseProfilePayload } from './founding-checks.js';

type Json = Record<string, unknown>;

const SCHEMAS = [
  {
    name: 'follow',
    schema: followPayloadSchema,
    check: parseFollowPayload,
    sample: sampleEvent('follow.created').data,
    identity: 'followerProfileId',
  },
  {
    name: 'profile',
    schema: profilePayloadSchema,
    check: parseProfilePayload,
    sample: sampleEvent('profile.updated').data,
    identity: 'userId',
  },
] as const;

// Strings short and long (a `.max()` or `.min()` added to a schema must show), and numbers at the
// edges of what an integer schema takes: a check that no longer says what its schema says fails.
const anyString = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constant(''),
  fc.string({ unit: 'grapheme', minLength: 200, maxLength: 1200 }),
  fc.string({ minLength: 9, maxLength: 300 }),
);
const edgeNumber = fc.oneof(
  fc.integer(),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(2 ** 53, -(2 ** 53), 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 31, -(2 ** 31) - 1, 1.5, -0, 0, 1e21, 5e-324, 1e300, -1e300),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

// Any JSON value a field might hold, valid for its schema or not.
const jsonValue = fc.oneof(
  fc.constant(null),
  anyString,
  edgeNumber,
  fc.boolean(),
  fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(
    fc.constantFrom('image', 'small', 'socialCapitalScore', 'socialCapitalRank', 'x', '__proto__'),
    fc.oneof(fc.string({ maxLength: 4 }), fc.double(), fc.integer(), fc.constant(null), fc.constant({ small: 's' })),
    { maxKeys: 3 },
  ),
);

/**
 * Whether an object in `value` has an own `__proto__` key (JSON.parse makes one). zod's copy turns
 * it into the copy's prototype; the checks hand the parsed object on as it is, the key a plain field.
 */
function hasOwnProto(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.hasOwn(value, '__proto__') || Object.values(value).some(hasOwnProto);
}

/** zod's first issue as the checks describe theirs: "path: message". */
function zodIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0]!;
  return issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`;
}

/** The check against zod on one input: the same verdict, the same first issue, the same output. */
function expectAsZod(check: (data: Json) => Json | Issue, schema: z.ZodMiniType, data: Json): void {
  const checked = check(data);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    expect(checked instanceof Issue ? checked.describe() : checked).toBe(zodIssue(parsed.error));
    return;
  }
  expect(checked).not.toBeInstanceOf(Issue);
  if (!hasOwnProto(data)) expect(checked).toEqual(parsed.data);
}

describe.each(SCHEMAS)('the generated check of the founding $name payload', ({ schema, check, sample, identity }) => {
  it('hands the documented payload on as it is, as zod parses it', () => {
    const data = JSON.parse(JSON.stringify(sample)) as Json;
    expect(check(data)).toBe(data);
    expect(check(data)).toEqual(schema.parse(data));
  });

  it('refuses what is not an object as zod does', () => {
    for (const value of [null, [], 'x', 3]) expectAsZod(check, schema, value as unknown as Json);
  });

  it('gives the verdict zod gives, its first issue when it refuses, its output when it takes the data', () => {
    const keys = Object.keys(schema.shape);
    // Each field of the sample kept, dropped, or replaced by any value; unknown fields added.
    const payload = fc
      .tuple(
        fc.array(fc.oneof(fc.constant('keep'), fc.constant('drop'), jsonValue), { minLength: keys.length, maxLength: keys.length }),
        fc.dictionary(fc.string({ maxLength: 6 }), jsonValue, { maxKeys: 3 }),
      )
      .map(([choices, extra]) => {
        const data: Json = { ...extra };
        keys.forEach((key, index) => {
          const choice = choices[index];
          if (choice === 'keep') data[key] = (sample as Json)[key];
          else if (choice !== 'drop') data[key] = choice;
        });
        // Through JSON, as a delivery arrives: `__proto__` becomes an own key, as in a real body.
        return JSON.parse(JSON.stringify(data)) as Json;
      });
    fc.assert(
      fc.property(payload, (data) => expectAsZod(check, schema, data)),
      { numRuns: 3000 },
    );
  });

  it('refuses each nested field zod refuses, with the issue zod reports', () => {
    const data = JSON.parse(JSON.stringify(sample)) as Json;
    const nested = Object.entries(data).filter(([, value]) => typeof value === 'object' && value !== null && !Array.isArray(value));
    for (const [key, value] of nested) {
      for (const inner of Object.keys(value as object))
        expectAsZod(check, schema, { ...data, [key]: { ...(value as object), [inner]: [true] } });
    }
  });

  it('hands on an integer identifier as zod does, as a string, without writing to the payload', () => {
    const data = Object.freeze({ ...(JSON.parse(JSON.stringify(sample)) as Json), [identity]: 3761 });
    const checked = check(data) as Json;
    expect(checked).toEqual(schema.parse(data));
    expect(checked[identity]).toBe('3761');
    expect(data[identity]).toBe(3761);
  });

  it('never writes to the payload it was given', () => {
    const data = deepFreeze(JSON.parse(JSON.stringify(sample)) as Json);
    expect(() => check(data)).not.toThrow();
  });

  it('refuses a missing identifier, a fractional one and an invalid field as zod does', () => {
    for (const change of [{ [identity]: undefined }, { [identity]: 1.5 }, { [identity]: 2 ** 53 }, { eventTimestamp: 17 }]) {
      expectAsZod(check, schema, { ...sample, ...change });
    }
    expect((check({ ...sample, eventTimestamp: 17 }) as Issue).describe()).toBe(
      'eventTimestamp: Invalid input: expected string, received number',
    );
  });

  it('hands on an own __proto__ key as a plain field, never as a prototype', () => {
    const data = JSON.parse(`{"__proto__":{"polluted":true},${JSON.stringify(sample).slice(1)}`) as Json;
    const checked = check(data) as Json;
    expect(Object.getPrototypeOf(checked)).toBe(Object.prototype);
    expect(Object.hasOwn(checked, '__proto__')).toBe(true);
    expect(schema.safeParse(data).success).toBe(true);
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

import fc from 'fast-check';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { sampleEvent } from '../samples/samples.js';
import { createFastParse } from './fast-parse.js';
import { fieldSchemas } from './field-schemas.js';
import { FLAG, IDENTIFIER, INTEGER, TEXT, fieldKind } from './field-kinds.js';
import { followPayloadSchema, profilePayloadSchema } from './schemas.js';

const { flag, identifier, integer, text } = fieldSchemas();

const SCHEMAS = [
  { name: 'follow', schema: followPayloadSchema, sample: sampleEvent('follow.created').data },
  { name: 'profile', schema: profilePayloadSchema, sample: sampleEvent('profile.updated').data },
] as const;

// Strings short and long (a `.max()` or `.min()` added to a schema must show), and numbers at the
// edges of what an integer schema takes: a hand check that no longer says what its schema says fails.
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
    fc.constantFrom('image', 'small', 'socialCapitalScore', 'x'),
    fc.oneof(fc.string({ maxLength: 4 }), fc.double(), fc.constant(null)),
    {
      maxKeys: 3,
    },
  ),
);

describe.each(SCHEMAS)('createFastParse($name)', ({ schema, sample }) => {
  const fastParse = createFastParse(schema);

  it('takes the fast path for the documented payload, with the output zod gives', () => {
    const data = JSON.parse(JSON.stringify(sample)) as Record<string, unknown>;
    const fast = fastParse(data);
    expect(fast).toBeDefined();
    expect(fast).toEqual(schema.parse(data));
    // Nested objects, arrays and records included: the parsed body is handed on, nothing copied.
    expect(fast).toBe(data);
  });

  it('checks nested objects by hand as their schemas would', () => {
    const data = JSON.parse(JSON.stringify(sample)) as Record<string, unknown>;
    const nested = Object.entries(data).filter(([, value]) => typeof value === 'object' && value !== null && !Array.isArray(value));
    for (const [key, value] of nested) {
      for (const inner of Object.keys(value as object)) {
        const broken = { ...data, [key]: { ...(value as object), [inner]: [true] } };
        expect(fastParse(broken) === undefined).toBe(!schema.safeParse(broken).success);
      }
    }
  });

  it('answers exactly what the schema answers, or leaves the payload to the schema', () => {
    const keys = Object.keys(schema.shape);
    // Each field of the sample kept, dropped, or replaced by any value; unknown fields added.
    const payload = fc
      .tuple(
        fc.array(fc.oneof(fc.constant('keep'), fc.constant('drop'), jsonValue), { minLength: keys.length, maxLength: keys.length }),
        fc.dictionary(fc.string({ maxLength: 6 }), jsonValue, { maxKeys: 3 }),
      )
      .map(([choices, extra]) => {
        const data: Record<string, unknown> = { ...extra };
        keys.forEach((key, index) => {
          const choice = choices[index];
          if (choice === 'keep') data[key] = (sample as Record<string, unknown>)[key];
          else if (choice !== 'drop') data[key] = choice;
        });
        // Through JSON, as a delivery arrives: `__proto__` becomes an own key, as in a real body.
        return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
      });
    fc.assert(
      fc.property(payload, (data) => {
        const fast = fastParse(data);
        if (fast === undefined) return;
        const parsed = schema.safeParse(data);
        expect(parsed.success).toBe(true);
        expect(fast).toEqual(parsed.data);
      }),
      { numRuns: 2000 },
    );
  });

  it('hands the payload on as it is when the schema would change nothing', () => {
    // Nested objects and arrays left out: their schemas hand on copies.
    const flat = Object.entries(sample).filter(([, value]) => typeof value !== 'object' || value === null);
    const data = JSON.parse(JSON.stringify({ ...Object.fromEntries(flat), unknownField: 1 })) as Record<string, unknown>;
    expect(fastParse(data)).toBe(data);
  });

  it('never writes to the payload it was given', () => {
    const data = deepFreeze(JSON.parse(JSON.stringify(sample)) as Record<string, unknown>);
    expect(() => fastParse(data)).not.toThrow();
  });

  it('leaves an own __proto__ key, an integer identifier and an invalid field to the schema', () => {
    const identity = schema === followPayloadSchema ? 'followerProfileId' : 'userId';
    expect(
      fastParse(JSON.parse(`{"__proto__":{"polluted":true},${JSON.stringify(sample).slice(1)}`) as Record<string, unknown>),
    ).toBeUndefined();
    expect(fastParse({ ...sample, [identity]: 3761 })).toBeUndefined();
    expect(fastParse({ ...sample, [identity]: undefined })).toBeUndefined();
    expect(fastParse({ ...sample, eventTimestamp: 17 })).toBeUndefined();
  });
});

// Each shared field schema against its hand check alone, over every kind of value: what the fast
// parse passes, the schema must pass with the same output; what it leaves, the schema decides.
describe.each([
  ['text', text],
  ['integer', integer],
  ['flag', flag],
  ['identifier', identifier],
] as const)('the hand check of %s', (name, field) => {
  const fastParse = createFastParse(z.looseObject({ field }));

  it('is the check of its kind', () => {
    expect(fieldKind(field).kind).toBe({ text: TEXT, integer: INTEGER, flag: FLAG, identifier: IDENTIFIER }[name]);
  });

  it('passes only what the schema passes, with the same output', () => {
    const value = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      anyString,
      edgeNumber,
      fc.boolean(),
      fc.constant([]),
      fc.constant({}),
    );
    fc.assert(
      fc.property(value, (input) => {
        const data = input === undefined ? {} : { field: input };
        const fast = fastParse(data);
        if (fast === undefined) return;
        const parsed = z.looseObject({ field }).safeParse(data);
        expect(parsed.success, JSON.stringify(input)?.slice(0, 80)).toBe(true);
        expect(fast).toEqual(parsed.data);
      }),
      { numRuns: 3000 },
    );
  });

  it('is not used for a schema derived from it, which goes through zod', () => {
    const valid = { text: 'x', integer: 1, flag: true, identifier: '1' }[name];
    const derived = z.looseObject({ field: (field as zm.ZodMiniType).check(zm.refine(() => false)) });
    expect(createFastParse(derived)({ field: valid })).toBeUndefined();
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

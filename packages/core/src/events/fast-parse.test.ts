import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleEvent } from '../testing/samples.js';
import { createFastParse } from './fast-parse.js';
import { followPayloadSchema, profilePayloadSchema } from './schemas.js';

const SCHEMAS = [
  { name: 'follow', schema: followPayloadSchema, sample: sampleEvent('follow.created').data },
  { name: 'profile', schema: profilePayloadSchema, sample: sampleEvent('profile.updated').data },
] as const;

// Any JSON value a field might hold, valid for its schema or not.
const jsonValue = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.constantFrom(2 ** 53, -(2 ** 53), 1.5, -0, 1e300),
  fc.boolean(),
  fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('image', 'small', 'socialCapitalScore', 'x'), fc.oneof(fc.string({ maxLength: 4 }), fc.double(), fc.constant(null)), {
    maxKeys: 3,
  }),
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
    expect(fastParse(JSON.parse(`{"__proto__":{"polluted":true},${JSON.stringify(sample).slice(1)}`) as Record<string, unknown>)).toBeUndefined();
    expect(fastParse({ ...sample, [identity]: 3761 })).toBeUndefined();
    expect(fastParse({ ...sample, [identity]: undefined })).toBeUndefined();
    expect(fastParse({ ...sample, eventTimestamp: 17 })).toBeUndefined();
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

import fc from 'fast-check';
import { deepEqual } from '../src/language/json-value.js';
import type { JsonValue } from '../src/types.js';

// Test support for the property tests: arbitrary filters, each with a payload built to satisfy it.

type Scalar = string | number | boolean | null;
type Json = JsonValue;

/** What one field must satisfy, with a value (or absence) that satisfies it. */
type FieldSpec =
  | { readonly kind: 'condition'; readonly test: Json; readonly value: Json | undefined }
  | { readonly kind: 'nested'; readonly level: LevelSpec }
  | { readonly kind: 'each'; readonly test: Json; readonly value: Json };

/** One filter object: fields, and optionally `$and` (all hold) and `$or` (the first holds). */
interface LevelSpec {
  readonly fields: readonly FieldSpec[];
  readonly and: readonly LevelSpec[];
  readonly or: readonly LevelSpec[];
}

export const scalar: fc.Arbitrary<Scalar> = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
  fc.boolean(),
  fc.constant(null),
);

const distinctPair = fc.tuple(scalar, scalar).filter(([a, b]) => !deepEqual(a, b));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Conditions that any element of an array may satisfy (no negation: used behind `$`). */
const positiveCondition: fc.Arbitrary<{ test: Json; value: Json }> = fc.oneof(
  scalar.map((v) => ({ test: v, value: v })),
  fc.tuple(scalar, fc.array(scalar, { maxLength: 3 })).map(([v, others]) => ({ test: v, value: [...others, v] })),
  scalar.map((v) => ({ test: { $eq: v }, value: v })),
  fc.tuple(fc.array(scalar, { minLength: 1, maxLength: 4 }), fc.nat()).map(([list, i]) => ({ test: { $in: list }, value: list[i % list.length]! })),
  fc.tuple(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 1, max: 1000 })).chain(([n, d]) =>
    fc.constantFrom({ test: { $gt: n }, value: n + d }, { test: { $gte: n }, value: n + d - 1 }, { test: { $lt: n }, value: n - d }, { test: { $lte: n }, value: n - d + 1 }),
  ),
  fc.tuple(fc.integer(), fc.nat(50), fc.nat(50)).map(([x, a, b]) => ({ test: { $gte: x - a, $lte: x + b }, value: x })),
  fc.tuple(fc.string({ maxLength: 4 }), fc.string({ minLength: 1, maxLength: 12 }), fc.string({ maxLength: 4 })).map(([pre, s, post]) => ({
    test: { $regex: escape(s) },
    value: pre + s + post,
  })),
  scalar.map((v) => ({ test: { $exist: true }, value: v })),
);

const condition: fc.Arbitrary<{ test: Json; value: Json | undefined }> = fc.oneof(
  positiveCondition,
  distinctPair.map(([v, w]) => ({ test: { $neq: v }, value: w })),
  fc.tuple(fc.array(scalar, { maxLength: 4 }), scalar).filter(([list, w]) => !list.some((x) => deepEqual(x, w))).map(([list, w]) => ({ test: { $nin: list }, value: w })),
  fc.constant({ test: { $exist: false }, value: undefined }),
);

// `fieldDepth` counts the field names above this level: fields may nest at most 3 deep (docs/contract.md §Filters).
const level = (fieldDepth: number, logicalDepth: number): fc.Arbitrary<LevelSpec> => {
  const choices: { weight: number; arbitrary: fc.Arbitrary<FieldSpec> }[] = [
    { weight: 4, arbitrary: condition.map((c) => ({ kind: 'condition' as const, ...c })) },
  ];
  if (fieldDepth + 2 <= 3) choices.push({ weight: 1, arbitrary: positiveCondition.map((c) => ({ kind: 'each' as const, ...c })) });
  if (fieldDepth + 2 <= 3) {
    const nested = fc.constant(null).chain(() => level(fieldDepth + 1, logicalDepth));
    choices.push({ weight: 1, arbitrary: nested.map((l) => ({ kind: 'nested' as const, level: l })) });
  }
  const logical =
    logicalDepth >= 2 ? fc.constant([]) : fc.array(fc.constant(null).chain(() => level(fieldDepth, logicalDepth + 1)), { maxLength: 2 });
  return fc.record({ fields: fc.array(fc.oneof(...choices), { minLength: 1, maxLength: 3 }), and: logical, or: logical });
};

/** A filter and a payload built to satisfy it. */
export interface SatisfyingPair {
  readonly filter: Record<string, Json>;
  readonly payload: Record<string, Json>;
}

/** Arbitrary filters of the whole language, each with a payload that satisfies it. */
export const satisfyingPair: fc.Arbitrary<SatisfyingPair> = level(0, 0).map((spec) => {
  let counter = 0;
  const fresh = () => `f${counter++}`;
  // Field names are fresh across the whole tree, so merging the payloads of `$and` never collides.
  function realize(spec: LevelSpec, payload: Record<string, Json>): Record<string, Json> {
    const filter: Record<string, Json> = {};
    for (const field of spec.fields) {
      const name = fresh();
      if (field.kind === 'condition') {
        filter[name] = field.test;
        if (field.value !== undefined) payload[name] = field.value;
      } else if (field.kind === 'each') {
        const sub = fresh();
        filter[`${name}.$.${sub}`] = field.test;
        payload[name] = [{}, { [sub]: field.value }];
      } else {
        const nested: Record<string, Json> = {};
        filter[name] = realize(field.level, nested);
        payload[name] = nested;
      }
    }
    if (spec.and.length > 0) filter.$and = spec.and.map((child) => realize(child, payload));
    if (spec.or.length > 0) filter.$or = spec.or.map((child, index) => realize(child, index === 0 ? payload : {}));
    return filter;
  }
  const payload: Record<string, Json> = {};
  const filter = realize(spec, payload);
  return { filter, payload };
});

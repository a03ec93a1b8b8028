import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FilterError } from '../errors.js';
import type { Filter } from '../types.js';
import { checkFilter, validateFilterSyntax } from '../validate/validate-filter.js';
import { compileFilter, evaluateFilter, matchesFilter } from './compile-filter.js';

// The engine's behaviours that the library used to get wrong (docs/contract.md §Filters: the gateway's engine
// is the authority), each as a property over generated payloads and filters.
const scalar = fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -1000, max: 1000 }), fc.boolean());
const word = fc.stringMatching(/^[a-z]{1,8}$/);

/** Tests that the engine applies to a present field; none of them is `$or` / `$and`. */
const fieldTest = fc.oneof(
  scalar,
  scalar.map((value) => ({ $eq: value })),
  scalar.map((value) => ({ $neq: value })),
  fc.array(scalar, { maxLength: 3 }).map((values) => ({ $nin: values })),
  fc.boolean().map((value) => ({ $exist: value })),
  fc.integer().map((value) => ({ $lt: value })),
  fc.constantFrom('a', '^x', '\\d').map((pattern) => ({ $regex: pattern })),
);

describe('matchesFilter follows the engine, properties', () => {
  it('a clause on a missing field is skipped beside others, and fails alone', () => {
    fc.assert(
      fc.property(word, scalar, fieldTest, (present, value, test) => {
        const payload = { [present]: value };
        const absent = `${present}_absent`;
        expect(matchesFilter({ [present]: value, [absent]: test } as Filter, payload)).toBe(true);
        expect(matchesFilter({ [absent]: test } as Filter, payload)).toBe(false);
      }),
    );
  });

  it('numeric strings equal numbers and compare as numbers; $in never converts', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (number) => {
        const payload = { field: String(number) };
        expect(matchesFilter({ field: number }, payload)).toBe(true);
        expect(matchesFilter({ field: { $gte: number, $lte: number } }, payload)).toBe(true);
        expect(matchesFilter({ field: { $in: [number] } }, payload)).toBe(false);
        expect(matchesFilter({ field: number }, payload, { numericStrings: 'as-strings' })).toBe(false);
      }),
    );
  });

  it('a "$" step never matches an object, and matches an array of objects when an element does', () => {
    fc.assert(
      fc.property(word, fc.array(scalar, { minLength: 1, maxLength: 4 }), scalar, (name, values, wanted) => {
        const objects = { items: { [name]: wanted } };
        expect(matchesFilter({ [`items.$.${name}`]: wanted }, objects)).toBe(false);
        expect(matchesFilter({ [`$.items.${name}`]: wanted }, objects)).toBe(false);
        const array = { items: values.map((value) => ({ [name]: value })) };
        const expected = values.some((value) => matchesFilter({ [name]: wanted }, { [name]: value }));
        expect(matchesFilter({ [`items.$.${name}`]: wanted }, array)).toBe(expected);
      }),
    );
  });

  it('on an array of scalars: a bare value is "contains"; $in, $eq, $nin, $regex compare the whole array', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 4 }), fc.string({ maxLength: 4 }), (array, value) => {
        const payload = { tags: array };
        expect(matchesFilter({ tags: value }, payload)).toBe(array.includes(value));
        expect(matchesFilter({ tags: { $in: value } }, payload)).toBe(array.includes(value));
        expect(matchesFilter({ tags: { $in: [value, ...array] } }, payload)).toBe(false);
        expect(matchesFilter({ tags: { $eq: value } }, payload)).toBe(false);
        expect(matchesFilter({ tags: { $nin: [value, ...array] } }, payload)).toBe(true);
        expect(matchesFilter({ tags: { $regex: '' } }, payload)).toBe(false);
        expect(evaluateFilter({ tags: { $regex: '' } }, payload).error?.local).toBe(false);
        expect(matchesFilter({ 'tags.0': array[0]! }, payload)).toBe(false);
      }),
    );
  });

  it('validation warns about each of these shapes for a profile event', () => {
    const operators = fc.constantFrom({ $in: ['0xa'] }, { $nin: ['0xa'] }, { $eq: '0xa' }, { $neq: '0xa' }, { $regex: '^0x' }, { $gt: 1 }, { $gte: 1 }, { $lt: 1 }, { $lte: 1 });
    fc.assert(
      fc.property(operators, fc.integer({ min: 0, max: 2000 }), (operator, rank) => {
        const warned = (filter: Filter) => checkFilter(filter, 'profile.created').warnings.map((item) => item.code);
        expect(warned({ userAssociatedAddresses: operator })).toHaveLength(1);
        expect(warned({ 'socialCapital.$.socialCapitalRank': { $lte: rank } })).toEqual(['never_matches']);
        expect(warned({ '$.socialCapital.socialCapitalRank': { $lte: rank } })[0]).toBe('never_matches');
        expect(warned({ socialCapital: { $exist: true } })).toEqual(['never_matches']);
        expect(warned({ 'socialCapital.socialCapitalRank': { $lte: rank } })).toEqual([]);
      }),
    );
  });

  it('a hint leads to a filter that the engine answers the same for', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: -5000, max: 5000 }), fc.constantFrom('$gt', '$gte', '$lt', '$lte'), (bound, count, operator) => {
        const written = { followerCount: { [operator]: String(bound) } };
        const hint = validateFilterSyntax(written)[0]?.hint;
        expect(hint).toBe(`write ${bound} without quotes`);
        const fixed = { followerCount: { [operator]: bound } };
        for (const payload of [{ followerCount: count }, { followerCount: String(count) }]) {
          expect(evaluateFilter(fixed, payload)).toEqual(evaluateFilter(written, payload));
        }
      }),
    );
  });

  it('a valid filter never throws, whatever the payload', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 4 }), (filter, payload) => {
        if (validateFilterSyntax(filter).length > 0) return;
        expect(typeof compileFilter(filter as Filter)(payload)).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });

  it('any JSON as a filter is either valid or a FilterError, never another exception', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (filter) => {
        const problems = validateFilterSyntax(filter);
        try {
          compileFilter(filter as Filter);
          expect(problems).toEqual([]);
        } catch (error) {
          expect(error).toBeInstanceOf(FilterError);
          expect((error as FilterError).problems).toEqual(problems);
        }
      }),
      { numRuns: 500 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FilterError } from '../errors.js';
import { validateFilterSyntax } from '../validate/validate-filter.js';
import type { Filter } from '../types.js';
import { compileFilter, matchesFilter } from './compile-filter.js';
import { satisfyingPair, scalar } from '../../test/satisfying-pair.js';

describe('matchesFilter, properties', () => {
  it('a payload built to satisfy a generated filter matches it', () => {
    fc.assert(
      fc.property(satisfyingPair, ({ filter, payload }) => {
        expect(validateFilterSyntax(filter)).toEqual([]);
        expect(matchesFilter(filter, payload)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('the filter still matches after a JSON round trip of both', () => {
    fc.assert(
      fc.property(satisfyingPair, ({ filter, payload }) => {
        const wire = (value: unknown) => JSON.parse(JSON.stringify(value)) as Filter;
        expect(matchesFilter(wire(filter), wire(payload))).toBe(true);
      }),
    );
  });

  it('adding a clause the payload cannot satisfy makes it fail', () => {
    fc.assert(
      fc.property(satisfyingPair, ({ filter, payload }) => {
        expect(matchesFilter({ $and: [filter, { absent: { $exist: true } }] }, payload)).toBe(false);
        expect(matchesFilter({ $or: [{ absent: { $exist: true } }, filter] }, payload)).toBe(true);
      }),
    );
  });

  it('$neq is the complement of $eq, and $nin of $in, on any payload', () => {
    fc.assert(
      fc.property(scalar, fc.array(scalar, { maxLength: 3 }), fc.jsonValue(), (value, list, field) => {
        const payload = { field };
        expect(matchesFilter({ field: { $neq: value } }, payload)).toBe(!matchesFilter({ field: { $eq: value } }, payload));
        expect(matchesFilter({ field: { $nin: list } }, payload)).toBe(!matchesFilter({ field: { $in: list } }, payload));
        expect(matchesFilter({ field: value }, payload)).toBe(matchesFilter({ field: { $eq: value } }, payload));
      }),
    );
  });

  it('a valid filter never throws, whatever the payload', () => {
    fc.assert(
      fc.property(satisfyingPair, fc.jsonValue(), ({ filter }, payload) => {
        expect(typeof compileFilter(filter)(payload)).toBe('boolean');
      }),
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

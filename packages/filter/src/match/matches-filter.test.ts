import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../../test/support/fixtures.js';
import { FilterError, isFilterError } from '../errors.js';
import type { Filter } from '../types.js';
import { compileFilter, matchesFilter } from './compile-filter.js';

interface FilterCase {
  readonly name: string;
  readonly filter: Filter;
  readonly payload: Record<string, unknown>;
  readonly matches: boolean;
}

const cases = readFixture<FilterCase[]>('filters/cases.json');

const profile = cases[0]!.payload;

// The shared case list predates the engine's numeric strings (docs/contract.md §Filters: where it disagrees
// with the engine, the engine wins). Each override is a case whose expected answer is the engine's.
const ENGINE_OVERRIDES: Readonly<Record<string, { readonly matches: boolean; readonly reason: string }>> = {
  'type-sensitive equality: number vs string': {
    matches: true,
    reason: 'the engine (since 2025) compares numeric strings as numbers for equality: 3761 equals "3761"',
  },
};

describe('the documented filter cases (fixtures/filters/cases.json), as the engine answers them', () => {
  it.each(cases.map((item) => [item.name, item] as const))('%s', (name, item) => {
    expect(matchesFilter(item.filter, item.payload)).toBe(ENGINE_OVERRIDES[name]?.matches ?? item.matches);
  });

  it('with the older engine (numericStrings: "as-strings") every case agrees with the list', () => {
    for (const item of cases) expect(matchesFilter(item.filter, item.payload, { numericStrings: 'as-strings' }), item.name).toBe(item.matches);
  });

  it('every override names a case of the list', () => {
    for (const name of Object.keys(ENGINE_OVERRIDES)) expect(cases.map((item) => item.name)).toContain(name);
  });
});

describe('matchesFilter', () => {
  it.each([
    ['an empty filter matches any object', {}, true],
    ['several fields must all match', { userId: '3761', profileName: 'tokenstaker.eth' }, true],
    ['one failing field fails the filter', { userId: '3761', profileName: 'other' }, false],
    ['a dotted path is the nested form', { 'socialCapital.socialCapitalRank': 1512 }, true],
    ['a nested filter needs an object there', { userId: { nope: 1 } }, false],
    ['a missing field alone: nothing left to decide, no match', { location: 'x' }, false],
    ['a missing field beside a matching clause is skipped', { location: 'x', userId: '3761' }, true],
    ['null equals null only', { socialCapital: { socialCapitalRank: null } }, false],
    ['a bare value on an array field means contains', { userAssociatedAddresses: 'Cry3MBYMS34p67Tr6pmart85JuTpdULhgDtaV8rxadng' }, true],
    ['$eq on an array field compares the whole array: false', { userAssociatedAddresses: { $eq: 'Cry3MBYMS34p67Tr6pmart85JuTpdULhgDtaV8rxadng' } }, false],
    ['$in a list on an array field: false, the array is not in the list', { userAssociatedAddresses: { $in: ['x', '0xcbfbcbfca74955b8ab75dec41f7b9ef36f329879'] } }, false],
    ['$in one value on an array field: contains', { userAssociatedAddresses: { $in: '0xcbfbcbfca74955b8ab75dec41f7b9ef36f329879' } }, true],
    ['$nin on an array field: no element in the list', { userAssociatedAddresses: { $nin: ['x', 'y'] } }, true],
    ['$neq alone on a missing field: no match', { location: { $neq: 'Paris' } }, false],
    ['$exist false alone on a missing field: no match', { location: { $exist: false } }, false],
    ['$exist false beside a matching clause, on a missing field', { location: { $exist: false }, userId: '3761' }, true],
    ['$exist true on a missing field fails', { location: { $exist: true } }, false],
    ['operators in one object must all hold', { followerCount: { $gt: 100, $lt: 108 } }, false],
    ['a range', { followerCount: { $gte: 108, $lte: 108 } }, true],
    ['comparisons read numeric strings as numbers', { userId: { $gt: 1 } }, true],
    ['equality reads numeric strings as numbers', { userId: 3761 }, true],
    ['$in never converts', { userId: { $in: [3761] } }, false],
    ['$regex on an array field is an engine error: no match', { userAssociatedAddresses: { $regex: '^Cry3' } }, false],
    ['$regex is an unanchored search', { profileName: { $regex: 'staker' } }, true],
    ['$regex takes the inline flag (?i)', { profileName: { $regex: '(?i)^TOKEN' } }, true],
    ['$regex on a number is an engine error: no match', { followerCount: { $regex: '108' } }, false],
    ['an array of strings stays whole: an index step never matches', { 'userAssociatedAddresses.1': 'Cry3MBYMS34p67Tr6pmart85JuTpdULhgDtaV8rxadng' }, false],
    ['a numeric step past the end is missing', { 'userAssociatedAddresses.7': { $exist: true } }, false],
    ['the documented $.socialCapital.$ form never matches: $ indexes arrays', { '$.socialCapital.$.socialCapitalRank': { $gte: 1000 } }, false],
    ['bare arrays compare whole arrays', { userAssociatedAddresses: ['x'] }, false],
    ['$or inside a nested filter is skipped: alone, no match', { socialCapital: { $or: [{ socialCapitalRank: 1 }, { socialCapitalRank: 1512 }] } }, false],
    ['__proto__ is an own key, not the prototype', JSON.parse('{"__proto__": {"$exist": true}}') as Filter, false],
    ['constructor is not reached through the prototype', { constructor: { $exist: true } }, false],
  ] as const)('%s', (_name, filter, expected) => {
    expect(matchesFilter(filter as Filter, profile)).toBe(expected);
  });

  it('$ on an array of objects matches when any element does', () => {
    const payload = { items: [{ rank: 5 }, { rank: 50 }], matrix: [[1, 2], [3]] };
    expect(matchesFilter({ 'items.$.rank': { $gt: 10 } }, payload)).toBe(true);
    expect(matchesFilter({ 'items.$.rank': { $gt: 100 } }, payload)).toBe(false);
    expect(matchesFilter({ 'items.0.rank': 50 }, payload)).toBe(false);
    expect(matchesFilter({ 'items.1.rank': 50 }, payload)).toBe(true);
    expect(matchesFilter({ 'matrix.$.$.x': { $exist: true } }, payload)).toBe(false);
    // An array whose first element is an array is neither kept nor expanded: it vanishes.
    expect(matchesFilter({ 'matrix.$.0': 3 }, payload)).toBe(false);
    expect(matchesFilter({ 'matrix.1': [3] }, payload)).toBe(false);
  });

  it('an empty filter matches any payload, as on the engine; a field test needs an object, never throws', () => {
    for (const payload of [null, undefined, 'x', 3, [profile]]) {
      expect(matchesFilter({}, payload)).toBe(true);
      expect(matchesFilter({ userId: '3761' }, payload)).toBe(false);
    }
  });

  it('strings longer than the input limit never match a $regex (a guard of this library)', () => {
    expect(matchesFilter({ profileBio: { $regex: 'a' } }, { profileBio: 'a'.repeat(5000) })).toBe(false);
    expect(matchesFilter({ profileBio: { $regex: 'a' } }, { profileBio: 'a'.repeat(4096) })).toBe(true);
  });

  it('an unknown operator is a FilterError with every problem, never a silent non-match', () => {
    let caught: unknown;
    try {
      matchesFilter({ userId: { $ne: '1' }, $nor: [{ userId: '2' }] }, profile);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterError);
    expect(isFilterError(caught)).toBe(true);
    const error = caught as FilterError;
    expect(error.code).toBe('invalid_filter');
    expect(error.problems.map((item) => item.code)).toEqual(['unknown_operator', 'unknown_operator']);
    expect(error.message).toMatch(/^@social-webhooks\/filter: .*\n {2}- userId\.\$ne: .*use "\$neq"/s);
  });

  it('compileFilter checks once and returns a named matcher', () => {
    const matcher = compileFilter({ followerCount: { $gte: 100 } });
    expect(matcher.name).toBe('matchesCompiledFilter');
    expect(matcher({ followerCount: 100 })).toBe(true);
    expect(matcher({ followerCount: 99 })).toBe(false);
    expect(() => compileFilter({ a: { $regex: '(' } })).toThrow(FilterError);
  });
});

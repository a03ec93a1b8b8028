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

describe('the documented filter cases (fixtures/filters/cases.json)', () => {
  it.each(cases.map((item) => [item.name, item] as const))('%s', (_name, item) => {
    expect(matchesFilter(item.filter, item.payload)).toBe(item.matches);
  });
});

describe('matchesFilter', () => {
  it.each([
    ['an empty filter matches any object', {}, true],
    ['several fields must all match', { userId: '3761', profileName: 'tokenstaker.eth' }, true],
    ['one failing field fails the filter', { userId: '3761', profileName: 'other' }, false],
    ['a dotted path is the nested form', { 'socialCapital.socialCapitalRank': 1512 }, true],
    ['a nested filter needs an object there', { userId: { nope: 1 } }, false],
    ['a missing field equals nothing', { location: 'x' }, false],
    ['null equals null only', { socialCapital: { socialCapitalRank: null } }, false],
    ['$eq on an array field means contains', { userAssociatedAddresses: { $eq: 'Cry3MBYMS34p67Tr6pmart85JuTpdULhgDtaV8rxadng' } }, true],
    ['$in on an array field: any element in the list', { userAssociatedAddresses: { $in: ['x', '0xcbfbcbfca74955b8ab75dec41f7b9ef36f329879'] } }, true],
    ['$nin on an array field: no element in the list', { userAssociatedAddresses: { $nin: ['x', 'y'] } }, true],
    ['$neq on a missing field holds', { location: { $neq: 'Paris' } }, true],
    ['$exist false on a missing field holds', { location: { $exist: false } }, true],
    ['$exist true on a missing field fails', { location: { $exist: true } }, false],
    ['operators in one object must all hold', { followerCount: { $gt: 100, $lt: 108 } }, false],
    ['a range', { followerCount: { $gte: 108, $lte: 108 } }, true],
    ['comparisons never convert strings', { userId: { $gt: 1 } }, false],
    ['$regex on an array field tests each string', { userAssociatedAddresses: { $regex: '^Cry3' } }, true],
    ['$regex is an unanchored search', { profileName: { $regex: 'staker' } }, true],
    ['$regex takes the inline flag (?i)', { profileName: { $regex: '(?i)^TOKEN' } }, true],
    ['$regex never matches a number', { followerCount: { $regex: '108' } }, false],
    ['a numeric step indexes an array', { 'userAssociatedAddresses.1': 'Cry3MBYMS34p67Tr6pmart85JuTpdULhgDtaV8rxadng' }, true],
    ['a numeric step past the end is missing', { 'userAssociatedAddresses.7': { $exist: true } }, false],
    ['$ on an object is the object itself (the documented form)', { '$.socialCapital.$.socialCapitalRank': { $gte: 1000 } }, true],
    ['bare arrays compare whole arrays', { userAssociatedAddresses: ['x'] }, false],
    ['$or inside a nested filter', { socialCapital: { $or: [{ socialCapitalRank: 1 }, { socialCapitalRank: 1512 }] } }, true],
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
    expect(matchesFilter({ 'matrix.$.0': 3 }, payload)).toBe(true);
    expect(matchesFilter({ 'matrix.1': [3] }, payload)).toBe(true);
  });

  it('a payload that is not an object matches nothing, never throws', () => {
    for (const payload of [null, undefined, 'x', 3, [profile]]) expect(matchesFilter({}, payload)).toBe(false);
  });

  it('strings longer than the input limit never match a $regex', () => {
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

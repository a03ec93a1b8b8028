import { describe, expect, it } from 'vitest';
import type { FilterProblem } from '../types.js';
import { validateFilter, validateFilterSyntax } from './validate-filter.js';

const summary = (problems: readonly FilterProblem[]) => problems.map(({ code, path, hint }) => ({ code, path, hint }));

describe('validateFilter', () => {
  it('answers [] for the documented filters', () => {
    expect(validateFilter({ userId: '602' }, 'profile.created')).toEqual([]);
    expect(validateFilter({ socialCapital: { socialCapitalRank: { $lte: 100 } } }, 'profile.updated')).toEqual([]);
    expect(validateFilter({ '$.socialCapital.$.socialCapitalRank': { $lte: 100 } }, 'profile.created')).toEqual([]);
    expect(validateFilter({ userAssociatedAddresses: '0xa3a736379bfb4a9748c3e4daf5f9af0edfcc6c1a' }, 'profile.created')).toEqual([]);
    expect(validateFilter({ $or: [{ followerProfileId: '3761' }, { followingProfileId: { $in: ['1', '2'] } }] }, 'follow.deleted')).toEqual([]);
    expect(validateFilter({ 'profileImageContentValue.image.small': { $regex: '^https://' } }, 'profile.created')).toEqual([]);
    expect(validateFilter({ profileMetadata: { anything: { goes: 1 } } }, 'profile.created')).toEqual([]);
  });

  it.each([
    ['$ne', { userId: { $ne: '1' } }, 'use "$neq"'],
    ['$exists', { userId: { $exists: true } }, 'use "$exist", spelled without the s'],
    ['$not', { followerCount: { $not: { $gt: 1 } } }, expect.stringContaining('no "$not"')],
    ['$nor', { $nor: [{ userId: '1' }] }, expect.stringContaining('no "$nor"')],
    ['$NEQ', { userId: { $NEQ: '1' } }, 'operators are lower case: use "$neq"'],
    ['$gtee', { followerCount: { $gtee: 1 } }, 'did you mean "$gte"?'],
  ])('refuses %s as an unknown operator, with a hint', (_name, filter, hint) => {
    const problems = validateFilter(filter, 'profile.created');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'unknown_operator', hint });
  });

  it.each([
    [{ followerCount: { $gte: '100' } }, ['followerCount', '$gte'], 'write 100 without quotes'],
    [{ userId: { $in: '3761' } }, ['userId', '$in'], 'write { "$in": ["3761"] }'],
    [{ userId: { $exist: 'true' } }, ['userId', '$exist'], 'write true without quotes'],
    [{ profileName: { $regex: 5 } }, ['profileName', '$regex'], undefined],
    [{ $or: { userId: '1' } }, ['$or'], 'write { "$or": [{ ... }, { ... }] }'],
    [{ $and: [] }, ['$and'], 'write { "$and": [{ ... }, { ... }] }'],
  ])('reports an operand of the wrong type: %j', (filter, path, hint) => {
    expect(summary(validateFilter(filter, 'profile.created'))).toEqual([{ code: 'invalid_operand', path, hint }]);
  });

  it('reports nesting deeper than 3 levels, nested or dotted', () => {
    const nested = validateFilter({ profileImageContentValue: { image: { small: { x: 1 } } } }, 'profile.created');
    expect(nested.map((item) => item.code)).toContain('too_deep');
    expect(nested.find((item) => item.code === 'too_deep')?.path).toEqual(['profileImageContentValue', 'image', 'small', 'x']);
    expect(validateFilter({ 'a.b.c.d': 1 }, 'profile.created')[0]?.code).toBe('too_deep');
    expect(validateFilter({ 'profileImageContentValue.image.small': 'x' }, 'profile.created')).toEqual([]);
  });

  it('reports an invalid or unsafe regex', () => {
    expect(validateFilter({ profileName: { $regex: '(' } }, 'profile.created')[0]).toMatchObject({ code: 'invalid_regex', path: ['profileName', '$regex'] });
    expect(validateFilter({ profileName: { $regex: '(a+)+$' } }, 'profile.created')[0]?.code).toBe('invalid_regex');
    expect(validateFilter({ profileName: { $regex: '(?=x)' } }, 'profile.created')[0]?.message).toMatch(/RE2/);
  });

  it('reports a field the payload does not have, with a hint', () => {
    expect(summary(validateFilter({ userid: '1' }, 'profile.created'))).toEqual([{ code: 'unknown_field', path: ['userid'], hint: 'did you mean "userId"?' }]);
    expect(summary(validateFilter({ userId: '1' }, 'follow.created'))).toEqual([{ code: 'unknown_field', path: ['userId'], hint: '"userId" is a field of profile events' }]);
    expect(validateFilter({ socialCapital: { rank: 1 } }, 'profile.created')[0]).toMatchObject({ code: 'unknown_field', path: ['socialCapital', 'rank'] });
    expect(validateFilter({ 'userId.x': 1 }, 'profile.created')[0]?.code).toBe('unknown_field');
    expect(validateFilter({ userid: '1' }, 'profile.created', { allowUnknownFields: true })).toEqual([]);
  });

  it('reports a value of a type the field can never hold', () => {
    expect(summary(validateFilter({ followerCount: '108' }, 'profile.created'))).toEqual([
      { code: 'type_mismatch', path: ['followerCount'], hint: 'write 108 without quotes' },
    ]);
    expect(validateFilter({ profileName: { $gt: 1 } }, 'profile.created')[0]?.code).toBe('type_mismatch');
    expect(validateFilter({ followerCount: { $regex: '1' } }, 'profile.created')[0]?.code).toBe('type_mismatch');
    expect(validateFilter({ userId: { nested: 1 } }, 'profile.created')[0]?.code).toBe('type_mismatch');
    expect(validateFilter({ isFarcasterPowerUser: { $in: [true, 'yes'] } }, 'profile.created')[0]?.path).toEqual(['isFarcasterPowerUser', '$in', 1]);
    // Identity fields may be integers on the wire (docs/contract.md §Events): not a mismatch, though it never equals "3761".
    expect(validateFilter({ userId: 3761 }, 'profile.created')).toEqual([]);
  });

  it('reports every problem at once, each with its path', () => {
    const problems = validateFilter(
      { $and: [{ userId: { $ne: '1' } }, { followerCount: { $gt: 'x' } }], nope: 1, socialCapital: {} },
      'profile.created',
    );
    expect(summary(problems).map(({ code, path }) => ({ code, path }))).toEqual([
      { code: 'unknown_operator', path: ['$and', 0, 'userId', '$ne'] },
      { code: 'invalid_operand', path: ['$and', 1, 'followerCount', '$gt'] },
      { code: 'empty_object', path: ['socialCapital'] },
      { code: 'unknown_field', path: ['nope'] },
    ]);
    expect(problems[0]?.message).toBe('$and[0].userId.$ne: "$ne" is not an operator of the language (use "$neq")');
  });

  it('reports structural mistakes', () => {
    const codes = (filter: unknown) => validateFilterSyntax(filter).map((item) => item.code);
    expect(codes([])).toEqual(['not_an_object']);
    expect(codes('userId')).toEqual(['not_an_object']);
    expect(codes({ $or: [1] })).toEqual(['not_an_object']);
    expect(codes({ $gt: 1 })).toEqual(['misplaced_operator']);
    expect(codes({ userId: { $or: [{ a: 1 }], $eq: 1 } })).toEqual(['mixed_keys']);
    expect(codes({ userId: { $eq: 1, x: 1 } })).toEqual(['mixed_keys']);
    expect(codes({ userId: { $and: [{ a: 1 }] } })).toEqual([]);
    expect(codes({ 'a..b': 1, 'a.$': 1, '': 1, '$.$.$.$.a': 1 })).toEqual(['invalid_path', 'invalid_path', 'invalid_path', 'too_deep']);
    expect(codes({ a: undefined, b: Number.NaN, c: () => 1 })).toEqual(['invalid_value', 'invalid_value', 'invalid_value']);
  });

  it('bounds the nesting of $and and $or', () => {
    let filter: unknown = { userId: '1' };
    for (let index = 0; index < 100_000; index++) filter = { $or: [filter] };
    expect(validateFilterSyntax(filter).map((item) => item.code)).toEqual(['too_deep']);
  });

  it('reports an undocumented event type', () => {
    expect(validateFilter({}, 'cast.created' as 'profile.created')[0]?.code).toBe('unknown_event');
  });
});

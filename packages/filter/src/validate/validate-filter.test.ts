import { describe, expect, it } from 'vitest';
import type { FilterProblem, FilterWarning } from '../types.js';
import { checkFilter, validateFilter, validateFilterSyntax } from './validate-filter.js';

const summary = (problems: readonly (FilterProblem | FilterWarning)[]) => problems.map(({ code, path, hint }) => ({ code, path, hint }));

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
    [{ userId: { $exist: 'true' } }, ['userId', '$exist'], 'write true without quotes'],
    [{ profileName: { $regex: 5 } }, ['profileName', '$regex'], undefined],
    [{ $or: { userId: '1' } }, ['$or'], 'write { "$or": [{ ... }, { ... }] }'],
    [{ $and: [] }, ['$and'], 'write { "$and": [{ ... }, { ... }] }'],
  ])('reports an operand of the wrong type: %j', (filter, path, hint) => {
    expect(summary(validateFilter(filter, 'profile.created'))).toEqual([{ code: 'invalid_operand', path, hint }]);
  });

  it('warns about nesting deeper than the documented 3 levels (the engine accepts it), nested or dotted', () => {
    const nested = checkFilter({ profileImageContentValue: { image: { small: { x: 1 } } } }, 'profile.created');
    expect(nested.warnings.find((item) => item.code === 'deep_nesting')?.path).toEqual(['profileImageContentValue', 'image', 'small', 'x']);
    expect(checkFilter({ 'a.b.c.d': 1 }, 'profile.created', { allowUnknownFields: true }).warnings.map((item) => item.code)).toContain('deep_nesting');
    expect(checkFilter({ 'profileImageContentValue.image.small': 'x' }, 'profile.created')).toEqual({ problems: [], warnings: [] });
  });

  it('refuses more than 3 "$" steps, counted over nested keys as the engine joins them', () => {
    expect(validateFilterSyntax({ 'a.$.b.$.c.$.d.$.e': 1 })[0]?.code).toBe('too_deep');
    expect(validateFilterSyntax({ 'a.$.b': { 'c.$.d': { 'e.$.f': { 'g.$.h': 1 } } } })[0]?.code).toBe('too_deep');
    expect(validateFilterSyntax({ data: { 'mentioned_profiles.$': { fid: { $in: [1] } } } })).toEqual([]);
    expect(validateFilterSyntax({ data: { 'mentioned_profiles.$': { $in: [1] } } })[0]?.code).toBe('invalid_path');
  });

  it('warns about the documented $.socialCapital.$ example, and its hints lead to a filter that works', () => {
    const { problems, warnings } = checkFilter({ '$.socialCapital.$.socialCapitalRank': { $lte: 100 } }, 'profile.created');
    expect(problems).toEqual([]);
    expect(warnings.map((item) => item.code)).toEqual(['never_matches', 'never_matches']);
    expect(warnings[1]?.hint).toBe('drop the "$" step: write "socialCapital.socialCapitalRank"');
    expect(checkFilter({ 'socialCapital.socialCapitalRank': { $lte: 100 } }, 'profile.created')).toEqual({ problems: [], warnings: [] });
  });

  it('warns about operators on an array field, with a fix that means "contains"', () => {
    const { warnings } = checkFilter({ userAssociatedAddresses: { $eq: '0xa' } }, 'profile.created');
    expect(summary(warnings)).toEqual([{ code: 'never_matches', path: ['userAssociatedAddresses', '$eq'], hint: 'write a bare value: { "userAssociatedAddresses": "0xa" } means the array contains it' }]);
    expect(checkFilter({ userAssociatedAddresses: '0xa' }, 'profile.created')).toEqual({ problems: [], warnings: [] });
    expect(checkFilter({ userAssociatedAddresses: { $regex: '^0x' } }, 'profile.created').warnings[0]?.code).toBe('engine_error');
    expect(checkFilter({ userAssociatedAddresses: { $nin: ['0xa'] } }, 'profile.created').warnings[0]?.code).toBe('always_matches');
    expect(checkFilter({ 'userAssociatedAddresses.0': '0xa' }, 'profile.created').warnings[0]?.code).toBe('never_matches');
  });

  it('warns about $exist: false alone, $or inside a field, a bare array, and unknown fields when they are allowed', () => {
    const codes = (filter: Record<string, unknown>) => checkFilter(filter, 'profile.created', { allowUnknownFields: true }).warnings.map((item) => item.code);
    expect(codes({ userRecoveryAddress: { $exist: false } })).toEqual(['never_matches']);
    expect(codes({ userRecoveryAddress: { $exist: false }, userId: '3761' })).toEqual([]);
    expect(codes({ socialCapital: { $or: [{ socialCapitalRank: 1 }] } })).toEqual(['ignored_by_engine']);
    expect(codes({ userId: ['3761'] })).toEqual(['never_matches']);
    expect(codes({ nope: 'paris', userId: '3761' })).toEqual(['unknown_field']);
  });

  it('accepts $in with one value (an array field contains it) and warns where the field is no array', () => {
    expect(validateFilter({ userAssociatedAddresses: { $in: '0xa' } }, 'profile.created')).toEqual([]);
    expect(checkFilter({ userAssociatedAddresses: { $in: '0xa' } }, 'profile.created').warnings).toEqual([]);
    const scalar = checkFilter({ userId: { $in: '3761' } }, 'profile.created');
    expect(scalar.problems).toEqual([]);
    expect(summary(scalar.warnings)).toEqual([{ code: 'engine_error', path: ['userId', '$in'], hint: 'write { "$in": ["3761"] }' }]);
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
    // The engine reads numeric strings as numbers: "108" equals 108 (not with the older engine).
    expect(validateFilter({ followerCount: '108' }, 'profile.created')).toEqual([]);
    expect(summary(validateFilter({ followerCount: '108' }, 'profile.created', { numericStrings: 'as-strings' }))).toEqual([
      { code: 'type_mismatch', path: ['followerCount'], hint: 'write 108 without quotes' },
    ]);
    expect(validateFilter({ followerCount: 'many' }, 'profile.created')[0]?.code).toBe('type_mismatch');
    expect(validateFilter({ isFarcasterPowerUser: { $gt: 1 } }, 'profile.created')[0]?.code).toBe('type_mismatch');
    expect(validateFilter({ followerCount: { $regex: '1' } }, 'profile.created')[0]?.code).toBe('type_mismatch');
    expect(validateFilter({ userId: { nested: 1 } }, 'profile.created')[0]?.code).toBe('type_mismatch');
    expect(validateFilter({ isFarcasterPowerUser: { $in: [true, 'yes'] } }, 'profile.created')[0]?.path).toEqual(['isFarcasterPowerUser', '$in', 1]);
    // Identity fields may be integers on the wire (docs/contract.md §Events), and the engine equals 3761 and "3761".
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

import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../../test/support/fixtures.js';
import type { FilterConfig } from './filter-config.js';
import { testFilterConfig } from './test-filter-config.js';

const profile = readFixture<{ payload: Record<string, unknown> }[]>('filters/cases.json')[0]!.payload;
const follow = { followerProfileId: '3761', followingProfileId: '326089' };

const codes = (config: FilterConfig) => {
  const result = testFilterConfig(config);
  return result.ok ? [] : result.problems.map((item) => item.code);
};

describe('testFilterConfig', () => {
  it('accepts a config with only event_type: every event of the type', () => {
    expect(testFilterConfig({ event_type: 'follow.created' })).toEqual({ ok: true });
    expect(testFilterConfig({ event_type: 'follow.created', filter: null, payload: null })).toEqual({ ok: true });
  });

  it('accepts a filter with a payload that satisfies it', () => {
    expect(testFilterConfig({ event_type: 'profile.created', filter: { userId: '3761', followerCount: { $gte: 100 } }, payload: profile })).toEqual({ ok: true });
  });

  it('requires the payload if and only if the filter is present', () => {
    const missing = testFilterConfig({ event_type: 'follow.created', filter: { followerProfileId: '3761' } });
    expect(missing).toMatchObject({ ok: false, problems: [{ code: 'payload_required', path: ['payload'] }] });
    expect(codes({ event_type: 'follow.created', payload: follow })).toEqual(['unexpected_payload']);
  });

  it('says which clauses the payload does not satisfy', () => {
    const result = testFilterConfig({ event_type: 'follow.created', filter: { followerProfileId: '3761', followingProfileId: '1' }, payload: follow });
    expect(result).toEqual({
      ok: false,
      reasons: ['filter.followingProfileId: the payload does not satisfy {"followingProfileId":"1"}'],
      problems: [expect.objectContaining({ code: 'payload_mismatch', path: ['filter', 'followingProfileId'] })],
    });
  });

  it('reports the filter\'s problems under "filter", each as a reason', () => {
    const result = testFilterConfig({ event_type: 'profile.created', filter: { userId: { $ne: '1' } }, payload: profile });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reasons).toEqual(['filter.userId.$ne: "$ne" is not an operator of the language (use "$neq")']);
  });

  it('reports a payload that is not a valid payload of the event', () => {
    expect(codes({ event_type: 'follow.created', filter: { followerProfileId: '3761' }, payload: { followerProfileId: '3761' } })).toEqual(['invalid_payload']);
    expect(codes({ event_type: 'follow.created', filter: { followerProfileId: '3761' }, payload: [] as never })).toEqual(['invalid_payload']);
  });

  it('matches the payload as sent, as the engine: an integer id equals a numeric string filter', () => {
    expect(codes({ event_type: 'follow.created', filter: { followerProfileId: '3761' }, payload: { ...follow, followerProfileId: 3761 } })).toEqual([]);
    expect(codes({ event_type: 'follow.created', filter: { followerProfileId: { $in: ['3761'] } }, payload: { ...follow, followerProfileId: 3761 } })).toEqual(['payload_mismatch']);
  });

  it('reports warnings beside ok: the documented $.socialCapital.$ example never matches', () => {
    const result = testFilterConfig({ event_type: 'profile.created', filter: { 'socialCapital.$.socialCapitalRank': { $lte: 2000 } }, payload: profile });
    expect(result.ok).toBe(false);
    expect(result.warnings?.map((item) => [item.code, item.path])).toEqual([['never_matches', ['filter', 'socialCapital.$.socialCapitalRank']]]);
    expect(testFilterConfig({ event_type: 'profile.created', filter: { userId: '3761' }, payload: profile })).toEqual({ ok: true });
  });

  it('refuses an undocumented event type or a config that is not an object', () => {
    expect(codes({ event_type: 'cast.created' } as unknown as FilterConfig)).toEqual(['invalid_config']);
    expect(codes(null as unknown as FilterConfig)).toEqual(['invalid_config']);
  });
});

import { describe, expect, it } from 'vitest';
import { isJsonAudience, jsonAudience } from './json-audience.js';

describe('jsonAudience', () => {
  it('copies each JSON form, the times as milliseconds, keeping none of the caller’s arrays', () => {
    const fids = [3, 1];
    const copy = jsonAudience({ fids, exclude: [1], client: 9152, enabledSince: new Date(5), enabledBefore: '1970-01-01T00:00:01Z' });
    expect(copy).toEqual({ fids: [3, 1], exclude: [1], client: 9152, enabledSince: 5, enabledBefore: 1000 });
    expect((copy as { fids: number[] }).fids).not.toBe(fids);
    expect(jsonAudience({ all: true, client: 'https://api.farcaster.xyz/v1/frame-notifications' })).toEqual({
      all: true,
      client: 'https://api.farcaster.xyz/v1/frame-notifications',
    });
    expect(jsonAudience(fids)).not.toBe(fids);
    expect([jsonAudience('all'), jsonAudience(7), jsonAudience({ client: 77 })]).toEqual(['all', 7, { client: 77 }]);
    expect(JSON.parse(JSON.stringify(jsonAudience({ all: true, enabledSince: new Date(5) })))).toEqual({ all: true, enabledSince: 5 });
  });
});

describe('isJsonAudience', () => {
  it('reads back every form jsonAudience writes', () => {
    for (const to of ['all', 7, [1, 2], { all: true, exclude: [2] }, { fids: [1], exclude: [1] }, { client: 77, enabledBefore: 5 }]) {
      expect(isJsonAudience(JSON.parse(JSON.stringify(jsonAudience(to as never)))), JSON.stringify(to)).toBe(true);
    }
  });

  it('refuses a malformed audience rather than read it as everyone', () => {
    for (const to of [{ all: true, exlude: [1] }, { all: 'yes' }, { fids: [1], where: 'x' }, { enabledSince: 5 }, [], {}, null, '*', 0]) {
      expect(isJsonAudience(to), JSON.stringify(to)).toBe(false);
    }
  });
});

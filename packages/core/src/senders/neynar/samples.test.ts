import { describe, expect, it } from 'vitest';
import { NEYNAR_EVENT_NAMES, isNeynarEventName } from './event-names.js';
import { neynarSampleBody, neynarSampleEvent } from './samples.js';

describe('neynarSampleBody', () => {
  it.each(NEYNAR_EVENT_NAMES)('gives %s as Neynar POSTs it: created_at, type, data, all JSON', (type) => {
    const body = neynarSampleBody(type);
    expect(body.type).toBe(type);
    expect(Number.isSafeInteger(body.created_at)).toBe(true);
    expect(JSON.parse(JSON.stringify(body))).toEqual(body);
    // User events carry a top-level event_timestamp (the SDK's WebhookUserCreated); no other does.
    expect('event_timestamp' in body).toBe(type.startsWith('user.'));
  });

  it.each(NEYNAR_EVENT_NAMES)('sends %s after what it reports happened', (type) => {
    const { created_at, data } = neynarSampleBody(type);
    const happened = 'timestamp' in data ? data.timestamp : 'registered_at' in data ? data.registered_at : undefined;
    if (typeof happened === 'string') expect(Date.parse(happened) / 1000).toBeLessThanOrEqual(created_at);
  });

  it('takes the created_at it is given', () => {
    expect(neynarSampleBody('cast.created', 1700000000).created_at).toBe(1700000000);
  });

  it('hands out a fresh copy on every call', () => {
    const first = neynarSampleBody('cast.created');
    first.data.author.fid = 1;
    first.data.embeds?.splice(0);
    const second = neynarSampleBody('cast.created');
    expect(second.data.author.fid).toBe(412037);
    expect(second.data.embeds).toHaveLength(2);
    expect(second.data.mentioned_profiles?.[0]).not.toBe(first.data.mentioned_profiles?.[0]);
  });
});

describe('neynarSampleEvent', () => {
  it.each(NEYNAR_EVENT_NAMES)('is the event a handler receives for the %s sample body', (type) => {
    const body = neynarSampleBody(type);
    expect(neynarSampleEvent(type)).toEqual({ eventName: type, data: body.data, createdAt: body.created_at });
  });

  it('says unfollow for follow.deleted, and a like and a recast for the reactions', () => {
    expect(neynarSampleEvent('follow.deleted').data.object).toBe('unfollow');
    expect(neynarSampleEvent('reaction.created').data.reaction_type).toBe(1);
    expect(neynarSampleEvent('reaction.deleted').data.reaction_type).toBe(2);
  });
});

describe('isNeynarEventName', () => {
  it.each(NEYNAR_EVENT_NAMES)('knows %s', (name) => {
    expect(isNeynarEventName(name)).toBe(true);
  });

  it.each(['cast.updated', 'follow.created ', 'Cast.created', 'profile.created', '', 42, null, undefined, ['cast.created']])(
    'does not know %j',
    (name) => {
      expect(isNeynarEventName(name)).toBe(false);
    },
  );
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEYNAR_EVENT_NAMES, type NeynarEventName } from '@social-webhooks/core';
import { neynarSampleBody } from '@social-webhooks/core/samples';
import { isFilterError } from '../errors.js';
import { compileNeynarSubscription, matchesNeynarSubscription } from './compile-neynar-subscription.js';
import type { NeynarSubscription } from './neynar-subscription-types.js';

// The sample afternoon (core's neynar samples): Marisol (412037, score 0.87) casts in /memes,
// mentioning Kenji (287116) and quoting his cast; Tomasz (1098765) follows her; Kenji likes her cast;
// Kenji's reply to her is deleted; she swaps 25 USDC for DEGEN.
const data = (type: NeynarEventName) => neynarSampleBody(type).data;
const MARISOL = 412037;
const KENJI = 287116;
const TOMASZ = 1098765;
const MEMES = 'chain://eip155:1/erc721:0xfd8427165df67df6d7fd689ae67c8ebf56d9ca61';
const CAST_HASH = '0xfb9dae209b811ad86750f7f43140cd6913621d65';
const QUOTED_HASH = '0x5c788f70b0b6364b5ec70fe9429d94e3951ed9af';

type Row = readonly [string, NeynarSubscription, NeynarEventName, boolean];

const rows: Row[] = [
  ['no filter: every event of the type', { 'cast.created': {} }, 'cast.created', true],
  ['a type the subscription does not name', { 'cast.deleted': {} }, 'cast.created', false],
  ['author_fids, in', { 'cast.created': { author_fids: [MARISOL] } }, 'cast.created', true],
  ['author_fids, out', { 'cast.created': { author_fids: [KENJI] } }, 'cast.created', false],
  ['OR: a failing author but a matching text', { 'cast.created': { author_fids: [KENJI], text: '(?i)^GM\\b' } }, 'cast.created', true],
  ['OR: neither', { 'cast.created': { author_fids: [KENJI], text: 'gn' } }, 'cast.created', false],
  [
    'exclude ANDed: the author excluded despite the text',
    { 'cast.created': { exclude_author_fids: [MARISOL], text: 'gm' } },
    'cast.created',
    false,
  ],
  ['exclude alone: every other author', { 'cast.created': { exclude_author_fids: [KENJI] } }, 'cast.created', true],
  ['mentioned_fids', { 'cast.created': { mentioned_fids: [KENJI] } }, 'cast.created', true],
  ['parent_urls', { 'cast.created': { parent_urls: [MEMES] } }, 'cast.created', true],
  ['root_parent_urls', { 'cast.deleted': { root_parent_urls: [MEMES] } }, 'cast.deleted', true],
  [
    'parent_hashes, in any case',
    { 'cast.deleted': { parent_hashes: [CAST_HASH.toUpperCase().replace('0X', '0x')] } },
    'cast.deleted',
    true,
  ],
  ['parent_hashes on a top-level cast (null parent)', { 'cast.created': { parent_hashes: [CAST_HASH] } }, 'cast.created', false],
  ['parent_author_fids', { 'cast.deleted': { parent_author_fids: [MARISOL] } }, 'cast.deleted', true],
  ['embeds: a pattern over embedded URLs', { 'cast.created': { embeds: '^https://example\\.com/drops/' } }, 'cast.created', true],
  ['embeds: no embedded URL matches', { 'cast.created': { embeds: 'youtube\\.com' } }, 'cast.created', false],
  [
    'text: RE2 spellings translated (\\A, [[:alpha:]], \\z)',
    { 'cast.created': { text: '\\Agm @[[:alpha:]]+,.*42\\z' } },
    'cast.created',
    true,
  ],
  ['text: searched unanchored, as Go does', { 'cast.created': { text: 'sticker drop' } }, 'cast.created', true],
  ['text: RE2 named group', { 'cast.created': { text: '(?P<greeting>gm) @kenji' } }, 'cast.created', true],
  ['minimum_author_score met (0.87)', { 'cast.created': { minimum_author_score: 0.8 } }, 'cast.created', true],
  ['minimum_author_score not met', { 'cast.created': { minimum_author_score: 0.9 } }, 'cast.created', false],
  ['embedded_cast_author_fids', { 'cast.created': { embedded_cast_author_fids: [KENJI] } }, 'cast.created', true],
  ['embedded_cast_hashes', { 'cast.created': { embedded_cast_hashes: [QUOTED_HASH] } }, 'cast.created', true],
  ['an empty list is no filter', { 'cast.created': { author_fids: [] } }, 'cast.created', true],
  ['an empty list beside a failing filter', { 'cast.created': { author_fids: [], mentioned_fids: [TOMASZ] } }, 'cast.created', false],
  ['user.created takes every new user', { 'user.created': {} }, 'user.created', true],
  ['user.updated fids', { 'user.updated': { fids: [MARISOL] } }, 'user.updated', true],
  ['follow fids: the follower', { 'follow.created': { fids: [TOMASZ] } }, 'follow.created', true],
  ['follow target_fids: the followed', { 'follow.deleted': { target_fids: [MARISOL] } }, 'follow.deleted', true],
  ['follow target_fids, out', { 'follow.created': { target_fids: [TOMASZ] } }, 'follow.created', false],
  ['reaction fids: who reacted', { 'reaction.created': { fids: [KENJI] } }, 'reaction.created', true],
  ['reaction target_fids: whose cast', { 'reaction.deleted': { target_fids: [MARISOL] } }, 'reaction.deleted', true],
  ['reaction target_cast_hashes', { 'reaction.created': { target_cast_hashes: [CAST_HASH] } }, 'reaction.created', true],
  ['trade fids', { 'trade.created': { fids: [MARISOL] } }, 'trade.created', true],
  ['trade minimum_trader_neynar_score', { 'trade.created': { minimum_trader_neynar_score: 0.9 } }, 'trade.created', false],
  [
    'trade minimum_token_amount_usdc met on either side (25)',
    { 'trade.created': { minimum_token_amount_usdc: 25 } },
    'trade.created',
    true,
  ],
  ['trade minimum_token_amount_usdc not met', { 'trade.created': { minimum_token_amount_usdc: 100 } }, 'trade.created', false],
  ['one webhook, several types: the second', { 'cast.created': { author_fids: [1] }, 'follow.created': {} }, 'follow.created', true],
];

describe('compileNeynarSubscription evaluates as Neynar documents it', () => {
  it.each(rows)('%s', (_name, subscription, type, expected) => {
    expect(compileNeynarSubscription(subscription)(type, data(type))).toBe(expected);
  });

  it('reads the score from experimental.neynar_user_score when score is absent', () => {
    const cast = { ...data('cast.created'), author: { fid: 9, experimental: { neynar_user_score: 0.95 } } };
    expect(matchesNeynarSubscription({ 'cast.created': { minimum_author_score: 0.9 } }, 'cast.created', cast)).toBe(true);
  });

  it('a filter on a field the event lacks does not pass, and never throws on odd data', () => {
    const matches = compileNeynarSubscription({ 'cast.created': { author_fids: [1], embeds: 'x', minimum_author_score: 0.1 } });
    for (const odd of [{}, null, 'text', [], { author: null, embeds: [null, 3, { url: 7 }] }])
      expect(matches('cast.created', odd)).toBe(false);
  });

  it('throws a FilterError listing every problem of an invalid subscription', () => {
    let thrown: unknown;
    try {
      compileNeynarSubscription({ 'cast.created': { text: '(?=x)' }, 'cast.updated': {} } as NeynarSubscription);
    } catch (error) {
      thrown = error;
    }
    expect(isFilterError(thrown)).toBe(true);
    expect((thrown as { problems: { code: string }[] }).problems.map((item) => item.code)).toEqual(['invalid_regex', 'unknown_event']);
  });
});

describe('compileNeynarSubscription, properties', () => {
  const fid = fc.integer({ min: 1, max: 2000 });
  const fids = fc.array(fid, { maxLength: 4 });
  const cast = fc.record({ author: fid, mentioned: fids }).map(({ author, mentioned }) => ({
    hash: '0x1',
    author: { fid: author },
    text: 'gm',
    mentioned_profiles: mentioned.map((value) => ({ fid: value })),
  }));

  it('an excluded author never passes, whatever else the filters say', () => {
    fc.assert(
      fc.property(cast, fids, fids, (event, authors, mentioned) => {
        const subscription = {
          'cast.created': { exclude_author_fids: [event.author.fid], author_fids: authors, mentioned_fids: mentioned },
        };
        expect(compileNeynarSubscription(subscription)('cast.created', event)).toBe(false);
      }),
    );
  });

  it('adding an ORed filter never loses an event that passed', () => {
    fc.assert(
      fc.property(cast, fc.array(fid, { minLength: 1, maxLength: 4 }), fids, (event, authors, mentioned) => {
        const narrow = compileNeynarSubscription({ 'cast.created': { author_fids: authors } })('cast.created', event);
        const wide = compileNeynarSubscription({ 'cast.created': { author_fids: authors, mentioned_fids: mentioned } })(
          'cast.created',
          event,
        );
        if (narrow) expect(wide).toBe(true);
      }),
    );
  });

  it('every documented event type with no filter passes its sample', () => {
    for (const type of NEYNAR_EVENT_NAMES) expect(matchesNeynarSubscription({ [type]: {} }, type, data(type))).toBe(true);
  });
});

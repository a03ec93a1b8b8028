import { describe, expect, it } from 'vitest';
import { checkNeynarSubscription } from './check-neynar-subscription.js';

describe('checkNeynarSubscription', () => {
  it('passes every filter Neynar documents, with valid values', () => {
    const subscription = {
      'cast.created': {
        author_fids: [194],
        exclude_author_fids: [3],
        mentioned_fids: [2],
        parent_urls: ['https://warpcast.com/~/channel/memes'],
        root_parent_urls: ['chain://eip155:1/erc721:0xfd8427165df67df6d7fd689ae67c8ebf56d9ca61'],
        parent_hashes: ['0x71d5225f77e0164388b1d4c120825f3a2c1f131c'],
        parent_author_fids: [5],
        text: '(?i)\\$degen',
        embeds: '\\b(farcaster|neynar)\\b',
        minimum_author_score: 0.5,
        embedded_cast_author_fids: [7],
        embedded_cast_hashes: ['0x71d5225f77e0164388b1d4c120825f3a2c1f131c'],
      },
      'cast.deleted': {},
      'user.created': {},
      'user.updated': { fids: [1] },
      'follow.created': { fids: [1], target_fids: [2] },
      'follow.deleted': { target_fids: [2] },
      'reaction.created': { fids: [1], target_fids: [2], target_cast_hashes: ['0x71d5225f77e0164388b1d4c120825f3a2c1f131c'] },
      'reaction.deleted': {},
      'trade.created': { fids: [1], minimum_trader_neynar_score: 0.5, minimum_token_amount_usdc: 1 },
    };
    expect(checkNeynarSubscription(subscription)).toEqual({ problems: [], warnings: [] });
  });

  it.each([
    ['not an object', [194], 'not_an_object', []],
    ['an unknown event type', { 'cast.updated': {} }, 'unknown_event', ['cast.updated']],
    ['filters that are not an object', { 'cast.created': null }, 'not_an_object', ['cast.created']],
    ['an unknown field', { 'cast.created': { author_fid: [1] } }, 'unknown_field', ['cast.created', 'author_fid']],
    ['a field of another type', { 'follow.created': { author_fids: [1] } }, 'unknown_field', ['follow.created', 'author_fids']],
    ['a filter on user.created', { 'user.created': { fids: [1] } }, 'unknown_field', ['user.created', 'fids']],
    ['FIDs as strings', { 'cast.created': { author_fids: ['194'] } }, 'type_mismatch', ['cast.created', 'author_fids', 0]],
    ['one FID, not a list', { 'follow.created': { fids: 194 } }, 'type_mismatch', ['follow.created', 'fids']],
    ['a fractional FID', { 'user.updated': { fids: [1.5] } }, 'type_mismatch', ['user.updated', 'fids', 0]],
    [
      'a hash that is not a string',
      { 'reaction.created': { target_cast_hashes: [1] } },
      'type_mismatch',
      ['reaction.created', 'target_cast_hashes', 0],
    ],
    ['a pattern that is not a string', { 'cast.created': { text: ['gm'] } }, 'type_mismatch', ['cast.created', 'text']],
    ['a lookahead, which RE2 refuses', { 'cast.created': { text: 'gm(?=!)' } }, 'invalid_regex', ['cast.created', 'text']],
    ['an unclosed group', { 'cast.deleted': { embeds: '(youtube' } }, 'invalid_regex', ['cast.deleted', 'embeds']],
    ['a score above 1', { 'cast.created': { minimum_author_score: 50 } }, 'type_mismatch', ['cast.created', 'minimum_author_score']],
    [
      'a score as a string',
      { 'trade.created': { minimum_trader_neynar_score: '0.5' } },
      'type_mismatch',
      ['trade.created', 'minimum_trader_neynar_score'],
    ],
    [
      'a negative amount',
      { 'trade.created': { minimum_token_amount_usdc: -1 } },
      'type_mismatch',
      ['trade.created', 'minimum_token_amount_usdc'],
    ],
  ])('reports %s with its path', (_name, subscription, code, path) => {
    const { problems } = checkNeynarSubscription(subscription);
    expect(problems).toEqual([expect.objectContaining({ code, path })]);
  });

  it('says how to fix what it can, in a message that starts with the readable path', () => {
    const { problems } = checkNeynarSubscription({
      'cast.created': { author_fids: ['194'] },
      'follow.created': { author_fids: [1] },
      'user.created': { fids: [1] },
      'trade.created': { minimum_trader_neynar_score: '0.5' },
    });
    expect(problems.map((item) => item.message)).toEqual([
      '"cast.created".author_fids[0]: expects a list of FIDs (whole numbers), e.g. [194, 3]; got "194" (write 194 without quotes)',
      '"follow.created".author_fids: follow.created has no filter "author_fids"; its filters are fids, target_fids ("author_fids" is a filter of cast.created, cast.deleted)',
      '"user.created".fids: user.created takes no filter ("fids" is a filter of user.updated, follow.created, follow.deleted, reaction.created, reaction.deleted, trade.created)',
      '"trade.created".minimum_trader_neynar_score: expects a Neynar score between 0 and 1, e.g. 0.5; got "0.5" (write 0.5 without quotes)',
    ]);
  });

  it('reports every problem, not only the first', () => {
    const { problems } = checkNeynarSubscription({ 'cast.created': { author_fids: ['1', 2, 'x'], text: '(a' }, 'nope.created': {} });
    expect(problems.map((item) => item.path)).toEqual([
      ['cast.created', 'author_fids', 0],
      ['cast.created', 'author_fids', 2],
      ['cast.created', 'text'],
      ['nope.created'],
    ]);
  });

  it('warns of zero values, which filter nothing', () => {
    const { problems, warnings } = checkNeynarSubscription({ 'cast.created': { author_fids: [], text: '', minimum_author_score: 0 } });
    expect(problems).toEqual([]);
    expect(warnings.map((item) => [item.code, item.path])).toEqual([
      ['ignored_by_engine', ['cast.created', 'author_fids']],
      ['ignored_by_engine', ['cast.created', 'text']],
      ['ignored_by_engine', ['cast.created', 'minimum_author_score']],
    ]);
  });

  it('names Neynar, not the founding service, when Go refuses a pattern', () => {
    const [item] = checkNeynarSubscription({ 'cast.created': { text: '(a' } }).problems;
    expect(item?.message).toBe('"cast.created".text: Neynar (Go regexp) refuses it: the pattern has an unclosed "("');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEYNAR_EVENT_NAMES, type NeynarEventName } from './event-names.js';
import { neynarSampleBody } from './samples.js';
import { neynarSchemas } from './schemas.js';

type Json = Record<string, unknown>;

function sampleData(type: NeynarEventName): Json {
  return neynarSampleBody(type).data as Json;
}

/** The object at `path` inside `data` (each step an object key or an array index). */
function at(data: Json, path: readonly (string | number)[]): Json {
  return path.reduce<Json>((value, key) => value[key] as Json, data);
}

/** `data` with the field at `path` deleted or set to `value`. */
function change(data: Json, path: readonly (string | number)[], ...value: [unknown?]): Json {
  const parent = at(data, path.slice(0, -1));
  const key = path.at(-1)!;
  if (value.length === 0) Reflect.deleteProperty(parent, key);
  else parent[key] = value[0];
  return data;
}

function parse(type: NeynarEventName, data: unknown) {
  return neynarSchemas().byEvent[type].safeParse(data);
}

// The example body of docs.neynar.com "How to use Neynar webhooks", as the page prints it through
// console.log (the nested objects it elides, such as the author's `profile`, are left out).
const DOCS_EXAMPLE = {
  created_at: 1708025006,
  type: 'cast.created',
  data: {
    object: 'cast',
    hash: '0xfe7908021a4c0d36d5f7359975f4bf6eb9fbd6f2',
    thread_hash: '0xfe7908021a4c0d36d5f7359975f4bf6eb9fbd6f2',
    parent_hash: null,
    parent_url: 'chain://eip155:1/erc721:0xfd8427165df67df6d7fd689ae67c8ebf56d9ca61',
    root_parent_url: 'chain://eip155:1/erc721:0xfd8427165df67df6d7fd689ae67c8ebf56d9ca61',
    parent_author: { fid: null },
    author: {
      object: 'user',
      fid: 234506,
      custody_address: '0x3ee6076e78c6413c8a3e1f073db01f87b63923b0',
      username: 'balzgolf',
      display_name: 'Balzgolf',
      pfp_url: 'https://i.imgur.com/U7ce6gU.jpg',
      follower_count: 65,
      following_count: 110,
      verifications: ['0x8c16c47095a003b726ce8deffc39ee9cb1b9f124'],
      active_status: 'inactive',
    },
    text: 'LFG',
    timestamp: '2024-02-15T19:23:22.000Z',
    embeds: [],
    reactions: { likes: [], recasts: [] },
    replies: { count: 0 },
    mentioned_profiles: [],
  },
} as const;

describe('neynarSchemas', () => {
  it('is built once, on the first call', () => {
    expect(neynarSchemas()).toBe(neynarSchemas());
  });

  it('names a data schema for every event type, and no other', () => {
    expect(Object.keys(neynarSchemas().byEvent).sort()).toEqual([...NEYNAR_EVENT_NAMES].sort());
  });

  it.each(NEYNAR_EVENT_NAMES)("parses the %s sample body's data with its event's schema, unchanged", (type) => {
    const data = sampleData(type);
    const parsed = parse(type, data);
    expect(parsed.error).toBeUndefined();
    expect(parsed.data).toEqual(data);
  });

  it("parses the docs' example, keeping the field the SDK's types no longer name", () => {
    const parsed = parse(DOCS_EXAMPLE.type, structuredClone(DOCS_EXAMPLE.data));
    expect(parsed.error).toBeUndefined();
    expect(parsed.data).toEqual(DOCS_EXAMPLE.data);
    expect(at(parsed.data as Json, ['author'])['active_status']).toBe('inactive');
  });

  it.each([
    ['cast.created', []],
    ['cast.created', ['author']],
    ['cast.created', ['embeds', 1, 'cast']],
    ['user.updated', ['profile', 'bio']],
    ['follow.created', ['target_user']],
    ['reaction.deleted', ['cast']],
    ['trade.created', ['transaction', 'net_transfer', 'receiving_fungible', 'token']],
  ] as const)('keeps unknown fields of %s data at %j', (type, path) => {
    const data = sampleData(type);
    Object.assign(at(data, path), { frames_v3: { version: 'next' }, tags: ['a'], priority: 2 });
    const parsed = parse(type, data);
    expect(parsed.error).toBeUndefined();
    expect(at(parsed.data as Json, path)).toMatchObject({ frames_v3: { version: 'next' }, tags: ['a'], priority: 2 });
  });

  it.each([
    ['cast.created', ['hash']],
    ['cast.deleted', ['author']],
    ['cast.created', ['author', 'fid']],
    ['cast.created', ['mentioned_profiles', 0, 'fid']],
    ['user.created', ['fid']],
    ['user.updated', ['fid']],
    ['follow.created', ['user']],
    ['follow.deleted', ['target_user']],
    ['follow.created', ['target_user', 'fid']],
    ['reaction.created', ['reaction_type']],
    ['reaction.created', ['cast']],
    ['reaction.deleted', ['cast', 'hash']],
    ['reaction.deleted', ['user']],
    ['trade.created', ['transaction']],
    ['trade.created', ['transaction', 'hash']],
  ] as const)('refuses %s data without its identity field %j, naming its path', (type, path) => {
    const parsed = parse(type, change(sampleData(type), path));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(path);
  });

  it.each([
    ['cast.created', ['hash'], 42],
    ['cast.created', ['author', 'fid'], '412037'],
    ['user.created', ['fid'], 1.5],
    ['user.created', ['follower_count'], 'many'],
    ['follow.created', ['object'], 'block'],
    ['reaction.created', ['reaction_type'], 3],
    ['reaction.created', ['reaction_type'], '1'],
    ['trade.created', ['transaction', 'hash'], null],
  ] as const)('refuses %s data whose %j is %j', (type, path, value) => {
    const parsed = parse(type, change(sampleData(type), path, value));
    expect(parsed.error?.issues[0]?.path).toEqual(path);
  });

  it.each([
    ['follow.created', 'follow'],
    ['follow.deleted', 'unfollow'],
    ['follow.deleted', 'follow'],
  ] as const)('parses %s data whose object is "%s"', (type, object) => {
    expect(parse(type, { ...sampleData(type), object }).success).toBe(true);
  });

  it.each([
    ['a like', 1],
    ['a recast', 2],
  ] as const)('parses a reaction that is %s (reaction_type %d), created or deleted', (_name, reactionType) => {
    for (const type of ['reaction.created', 'reaction.deleted'] as const) {
      const parsed = parse(type, { ...sampleData(type), reaction_type: reactionType });
      expect(parsed.data).toMatchObject({ reaction_type: reactionType });
    }
  });

  // Fields the SDK types as nullable or optional, and the top-level tags: null or absent, all parse.
  it.each([
    ['cast.created', ['parent_hash']],
    ['cast.created', ['channel']],
    ['cast.created', ['app']],
    ['cast.created', ['parent_author', 'fid']],
    ['cast.created', ['author', 'display_name']],
    ['cast.created', ['embeds', 0, 'metadata', 'content_length']],
    ['user.created', ['pfp_url']],
    ['user.updated', ['verified_addresses', 'primary', 'sol_address']],
    ['trade.created', ['trader']],
    ['trade.created', ['pool']],
    ['trade.created', ['transaction', 'net_transfer', 'sending_fungible', 'balance', 'in_usd']],
    ['follow.created', ['object']],
    ['reaction.created', ['object']],
  ] as const)('parses %s data whose %j is null or absent', (type, path) => {
    expect(parse(type, change(sampleData(type), path, null)).error).toBeUndefined();
    expect(parse(type, change(sampleData(type), path)).error).toBeUndefined();
  });

  it('keeps any unknown fields, at the top of the data and inside a nested user', () => {
    const schemas = [...Object.values(neynarSchemas().byEvent), neynarSchemas().user];
    const known = new Set([...schemas.flatMap((schema) => Object.keys(schema.shape)), '__proto__']);
    const extra = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !known.has(key)),
      fc.jsonValue(),
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...NEYNAR_EVENT_NAMES), extra, extra, (type, top, nested) => {
        const data = { ...sampleData(type), ...top };
        if (type === 'cast.created' || type === 'cast.deleted') Object.assign(data['author'] as Json, nested);
        const parsed = parse(type, JSON.parse(JSON.stringify(data)));
        expect(parsed.error).toBeUndefined();
        expect(parsed.data).toEqual(JSON.parse(JSON.stringify(data)));
      }),
      { numRuns: 300 },
    );
  });
});

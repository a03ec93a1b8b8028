// The token store's Lua scripts: every call is one EVAL, as for the dedupe store (scripts.ts).

/** KEYS[1] the user's hash; ARGV[1] the client's appFid, ARGV[2] `{ url, token }` as JSON. */
export const SAVE_TARGET = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
`;

/** KEYS[1] the user's hash; ARGV[1] the client's appFid, or nothing to delete every client's. */
export const DELETE_TARGET = `
if ARGV[1] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return redis.call('DEL', KEYS[1])
`;

/** KEYS[1] the user's hash. Returns HGETALL's flat list of appFid, JSON, appFid, JSON, … */
export const GET_TARGETS = `
return redis.call('HGETALL', KEYS[1])
`;

/**
 * ARGV[1] the SCAN cursor, ARGV[2] the MATCH pattern, ARGV[3] the COUNT. Returns the next cursor,
 * then each key found followed by its HGETALL list. It reads keys it was not given in KEYS, found by
 * SCAN: fine on one server or shard, which is what `list()` claims.
 */
export const LIST_PAGE = `
local page = redis.call('SCAN', ARGV[1], 'MATCH', ARGV[2], 'COUNT', ARGV[3])
local out = { page[1] }
for _, key in ipairs(page[2]) do
  out[#out + 1] = key
  out[#out + 1] = redis.call('HGETALL', key)
end
return out
`;

/** KEYS[1] the user's hash; ARGV[1] the client's appFid, ARGV[2] the token. Deletes the client's field only if it still holds that token. */
export const DELETE_TOKEN = `
local held = redis.call('HGET', KEYS[1], ARGV[1])
if not held then return 0 end
local ok, target = pcall(cjson.decode, held)
if not ok or type(target) ~= 'table' or target.token ~= ARGV[2] then return 0 end
return redis.call('HDEL', KEYS[1], ARGV[1])
`;

// The token store's Lua scripts: every call is one EVAL, as for the dedupe store (scripts.ts). A
// stored value is answered after MARK (replies.ts), so no client parses it as JSON on the way.
import { MARK } from './replies.js';

/** Lua: HGETALL of a key, each value after MARK. */
const MARKED_HGETALL = `
local function marked(key)
  local flat = redis.call('HGETALL', key)
  for i = 2, #flat, 2 do flat[i] = '${MARK}' .. flat[i] end
  return flat
end
`;

/**
 * KEYS[1] the user's hash; ARGV[1] the client's appFid, ARGV[2] `{ url, token }` as JSON, ARGV[3] the
 * token, ARGV[4] when it was enabled (ms) or '' for Redis's clock. The JSON is kept with
 * `"enabledAt":` spliced in: the held one's when the client's field holds the same token (a value
 * stored before enabledAt was kept has none, and keeps none), else ARGV[4] or now. Returns the time kept, or ''.
 */
export const SAVE_TARGET = `
local at = nil
local held = redis.call('HGET', KEYS[1], ARGV[1])
if held then
  local ok, target = pcall(cjson.decode, held)
  if ok and type(target) == 'table' and target.token == ARGV[3] then
    at = type(target.enabledAt) == 'number' and string.format('%.0f', target.enabledAt) or ''
  end
end
if at == nil then
  if ARGV[4] ~= '' then
    at = ARGV[4]
  else
    local t = redis.call('TIME')
    at = t[1] .. string.format('%03d', math.floor(tonumber(t[2]) / 1000))
  end
end
local value = ARGV[2]
if at ~= '' then value = string.sub(value, 1, -2) .. ',"enabledAt":' .. at .. '}' end
redis.call('HSET', KEYS[1], ARGV[1], value)
return at
`;

/** KEYS[1] the user's hash; ARGV[1] the client's appFid, or nothing to delete every client's. */
export const DELETE_TARGET = `
if ARGV[1] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return redis.call('DEL', KEYS[1])
`;

/** KEYS[1] the user's hash. Returns HGETALL's flat list of appFid, JSON, appFid, JSON, …, each JSON after MARK. */
export const GET_TARGETS = `${MARKED_HGETALL}
return marked(KEYS[1])
`;

/**
 * ARGV[1] the SCAN cursor, ARGV[2] the MATCH pattern, ARGV[3] the COUNT. Returns the next cursor,
 * then each key found followed by its HGETALL list (values after MARK). It reads keys it was not given in KEYS, found by
 * SCAN: fine on one server or shard, which is what `list()` claims.
 */
export const LIST_PAGE = `${MARKED_HGETALL}
local page = redis.call('SCAN', ARGV[1], 'MATCH', ARGV[2], 'COUNT', ARGV[3])
local out = { page[1] }
for _, key in ipairs(page[2]) do
  out[#out + 1] = key
  out[#out + 1] = marked(key)
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

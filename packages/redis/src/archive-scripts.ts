// The delivery archive's Lua scripts: each call one EVAL. An archived delivery is a hash
// (`<prefix>d:<id>`: `sender`, `eventName`, `code`, `status`, `replays`, `lastReplay`, and
// `record`, the JSON of the rest with the body in base64) that lapses keepMs after it arrived; the
// index is a sorted set of ids, all of score 0, so ordered by id, and ids sort by arrival time (the
// core's newArchiveId). Keys are built inside the scripts from the prefix: one server or shard.
// Stored strings are answered after MARK (replies.ts), so no client parses them as JSON on the way.
import { MARK } from './replies.js';

/** The fields of a record, in the order GET and LIST answer them. */
export const RECORD_FIELDS = ['sender', 'eventName', 'code', 'status', 'record', 'replays', 'lastReplay'] as const;

const DROP = `
local function drop(ids)
  for _, id in ipairs(ids) do redis.call('DEL', ARGV[2] .. 'd:' .. id) end
  if #ids > 0 then redis.call('ZREM', KEYS[1], unpack(ids)) end
end
`;

/**
 * KEYS[1] the index; ARGV[1] the id, ARGV[2] the prefix, ARGV[3..6] sender, eventName, code,
 * status, ARGV[7] the record's JSON, ARGV[8] the lowest id still kept (now - keepMs),
 * ARGV[9] maxDeliveries, ARGV[10] keepMs. Keeps the delivery and drops, at most 100 a call, those
 * past the age and size bounds. Returns the id, marked.
 */
export const ADD_DELIVERY = `${DROP}
local key = ARGV[2] .. 'd:' .. ARGV[1]
redis.call('HSET', key, 'sender', ARGV[3], 'eventName', ARGV[4], 'code', ARGV[5], 'status', ARGV[6], 'record', ARGV[7], 'replays', '0', 'lastReplay', '')
redis.call('PEXPIRE', key, ARGV[10])
redis.call('ZADD', KEYS[1], 0, ARGV[1])
drop(redis.call('ZRANGEBYLEX', KEYS[1], '-', '(' .. ARGV[8], 'LIMIT', 0, 100))
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[9])
if over > 0 then drop(redis.call('ZRANGE', KEYS[1], 0, math.min(over, 100) - 1)) end
return '${MARK}' .. ARGV[1]
`;

/** KEYS[1] the delivery's hash; ARGV[1] status, ARGV[2] code. Records a later outcome, if the delivery is still kept. */
export const SETTLE_DELIVERY = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'status', ARGV[1], 'code', ARGV[2]) end
return 1
`;

/**
 * KEYS[1] the delivery's hash, KEYS[2] the checkpoint's key (or the hash again when there is none);
 * ARGV[1] the replay's outcome (JSON), ARGV[2] the checkpoint (JSON, or empty), ARGV[3] keepMs.
 */
export const RECORD_REPLAY = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HINCRBY', KEYS[1], 'replays', 1)
  redis.call('HSET', KEYS[1], 'lastReplay', ARGV[1])
end
if ARGV[2] ~= '' then redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3]) end
return 1
`;

/** KEYS[1] the checkpoint's key; ARGV[1] its JSON, ARGV[2] keepMs. */
export const SAVE_CHECKPOINT = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

/** KEYS[1] the checkpoint's key. Returns its JSON marked, or an empty table. */
export const GET_CHECKPOINT = `
local v = redis.call('GET', KEYS[1])
if not v then return {} end
return { '${MARK}' .. v }
`;

/** KEYS[1] the delivery's hash. Returns its fields (RECORD_FIELDS) marked, or an empty table. */
export const GET_DELIVERY = `
local r = redis.call('HMGET', KEYS[1], ${RECORD_FIELDS.map((field) => `'${field}'`).join(', ')})
if not r[1] then return {} end
for i = 1, #r do r[i] = '${MARK}' .. (r[i] or '') end
return r
`;

/**
 * KEYS[1] the index; ARGV[1] 'asc' or 'desc', ARGV[2] the prefix, ARGV[3] and ARGV[4] the lex
 * bounds to walk from and to, ARGV[5] limit, ARGV[6..8] sender, eventName, code ('' for any).
 * Walks at most 5,000 ids a call. Returns { cursor, then for each delivery its id and fields }, all
 * marked; the cursor is '' when the walk reached the end.
 */
export const LIST_DELIVERIES = `
local asc = ARGV[1] == 'asc'
local from, to, limit = ARGV[3], ARGV[4], tonumber(ARGV[5])
local out, found, walked, last = { '${MARK}' }, 0, 0, nil
while walked < 5000 do
  local ids
  if asc then ids = redis.call('ZRANGEBYLEX', KEYS[1], from, to, 'LIMIT', 0, 200)
  else ids = redis.call('ZREVRANGEBYLEX', KEYS[1], from, to, 'LIMIT', 0, 200) end
  if #ids == 0 then return out end
  for _, id in ipairs(ids) do
    walked = walked + 1
    local r = redis.call('HMGET', ARGV[2] .. 'd:' .. id, ${RECORD_FIELDS.map((field) => `'${field}'`).join(', ')})
    if r[1] and (ARGV[6] == '' or r[1] == ARGV[6]) and (ARGV[7] == '' or r[2] == ARGV[7]) and (ARGV[8] == '' or r[3] == ARGV[8]) then
      if found == limit then
        out[1] = '${MARK}' .. last
        return out
      end
      found = found + 1
      out[#out + 1] = '${MARK}' .. id
      for i = 1, #r do out[#out + 1] = '${MARK}' .. (r[i] or '') end
    end
    last = id
  end
  from = '(' .. last
end
out[1] = '${MARK}' .. last
return out
`;

/** KEYS[1] the refusal counts' hash; ARGV code, count pairs: each code's count added (one HINCRBY each). Returns how many codes. */
export const ADD_REFUSALS = `
for i = 1, #ARGV, 2 do redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1]) end
return #ARGV / 2
`;

/** KEYS[1] the refusal counts' hash. Returns code, count pairs, each code marked and each count an integer. */
export const READ_REFUSALS = `
local flat = redis.call('HGETALL', KEYS[1])
local out = {}
for i = 1, #flat, 2 do
  out[#out + 1] = '${MARK}' .. flat[i]
  out[#out + 1] = tonumber(flat[i + 1])
end
return out
`;

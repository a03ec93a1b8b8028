// The notification history's Lua scripts: a batch's outcomes written in one EVAL. A notification is
// a hash (`<prefix>b:<id>`: title, body, targetUrl, startedAt, updatedAt, and counters `c|<outcome>`,
// `k|<outcome>|<client>`, `r|<reason>`), listed in a sorted set by startedAt (`<prefix>list`); a
// user's timeline is a hash of entries as JSON by notificationId (`<prefix>u:<fid>`) ordered by a
// sorted set of when each was first sent (`<prefix>ut:<fid>`). Every key lapses keepMs after its last
// write. The users' keys are named by the script from the prefix, as the unfinished broadcasts' are:
// on one server or shard. Stored strings are answered after MARK (replies.ts).
import { MARK } from './replies.js';

const WHOLE = `local function whole(n) return string.format('%.0f', n) end`;

/**
 * KEYS[1] the notification's hash, KEYS[2] the list; ARGV[1] the prefix, ARGV[2] the id, ARGV[3]
 * title, ARGV[4] body, ARGV[5] targetUrl, ARGV[6] at, ARGV[7] keepMs, ARGV[8] notifications per
 * user, ARGV[9] attempts per notification, ARGV[10] the entries as JSON: [fid, client, outcome,
 * final (1 or 0), reason ('' for none)]. Returns 1.
 */
export const RECORD_HISTORY = `${WHOLE}
local b, list, p, id = KEYS[1], KEYS[2], ARGV[1], ARGV[2]
local at, keep = tonumber(ARGV[6]), tonumber(ARGV[7])
local perUser, perEntry = tonumber(ARGV[8]), tonumber(ARGV[9])
local entries = cjson.decode(ARGV[10])
if redis.call('HSETNX', b, 'startedAt', ARGV[6]) == 1 then
  redis.call('HSET', b, 'title', ARGV[3], 'body', ARGV[4], 'targetUrl', ARGV[5], 'updatedAt', ARGV[6])
  redis.call('ZADD', list, ARGV[6], id)
end
if at > tonumber(redis.call('HGET', b, 'updatedAt')) then redis.call('HSET', b, 'updatedAt', ARGV[6]) end
local counts, fields, users, fids = {}, {}, {}, {}
local function count(field)
  if counts[field] == nil then counts[field] = 0; fields[#fields + 1] = field end
  counts[field] = counts[field] + 1
end
for _, e in ipairs(entries) do
  local fid, client, outcome, final, reason = whole(e[1]), e[2], e[3], e[4], e[5]
  if final == 1 then
    count('c|' .. outcome)
    count('k|' .. outcome .. '|' .. client)
    -- A failure without a reason counts as 'unknown', as every other history counts it.
    if outcome == 'failed' then count('r|' .. (reason ~= '' and reason or 'unknown')) end
  end
  if users[fid] == nil then users[fid] = {}; fids[#fids + 1] = fid end
  local attempt = { at = at, client = client, outcome = outcome, final = (final == 1) }
  if reason ~= '' then attempt.reason = reason end
  table.insert(users[fid], attempt)
end
for _, field in ipairs(fields) do redis.call('HINCRBY', b, field, counts[field]) end
redis.call('PEXPIRE', b, keep)
for _, old in ipairs(redis.call('ZRANGEBYSCORE', list, '-inf', whole(at - keep), 'LIMIT', 0, 100)) do
  if redis.call('EXISTS', p .. 'b:' .. old) == 0 then redis.call('ZREM', list, old) end
end
redis.call('PEXPIRE', list, keep)
for _, fid in ipairs(fids) do
  local key, order = p .. 'u:' .. fid, p .. 'ut:' .. fid
  local raw = redis.call('HGET', key, id)
  local item
  if raw then item = cjson.decode(raw) else
    item = { notificationId = id, title = ARGV[3], firstAt = at, attempts = {} }
    redis.call('ZADD', order, ARGV[6], id)
  end
  item.lastAt = at
  for _, attempt in ipairs(users[fid]) do table.insert(item.attempts, attempt) end
  while #item.attempts > perEntry do table.remove(item.attempts, 1) end
  redis.call('HSET', key, id, cjson.encode(item))
  local drop = redis.call('ZRANGEBYSCORE', order, '-inf', '(' .. whole(at - keep))
  local n = redis.call('ZCARD', order) - #drop
  if n > perUser then
    for _, old in ipairs(redis.call('ZRANGE', order, #drop, #drop + n - perUser - 1)) do drop[#drop + 1] = old end
  end
  for _, old in ipairs(drop) do
    redis.call('ZREM', order, old)
    redis.call('HDEL', key, old)
  end
  redis.call('PEXPIRE', key, keep)
  redis.call('PEXPIRE', order, keep)
end
return 1
`;

/** KEYS[1] the notification's hash. Returns its fields and values, each after MARK ({} when there is none). */
export const GET_HISTORY = `
local r = redis.call('HGETALL', KEYS[1])
for i = 1, #r do r[i] = '${MARK}' .. r[i] end
return r
`;

/**
 * KEYS[1] the list; ARGV[1] the prefix, ARGV[2] the page size + 1, ARGV[3] the cursor's startedAt
 * ('' for the first page), ARGV[4] its id. Returns { id, { field, value, ... } } for each notification
 * after the cursor, newest first (ties by id, descending), those lapsed left out; each string after MARK.
 */
export const LIST_HISTORY = `
local list, p, want = KEYS[1], ARGV[1], tonumber(ARGV[2])
local max, at, after = '+inf', nil, ARGV[4]
local ties = 0
if ARGV[3] ~= '' then
  max, at = ARGV[3], tonumber(ARGV[3])
  ties = redis.call('ZCOUNT', list, ARGV[3], ARGV[3])
end
local out, offset, chunk = {}, 0, want + ties
while #out < want * 2 do
  local page = redis.call('ZREVRANGEBYSCORE', list, max, '-inf', 'WITHSCORES', 'LIMIT', offset, chunk)
  if #page == 0 then break end
  for i = 1, #page, 2 do
    local id = page[i]
    if #out < want * 2 and not (at ~= nil and tonumber(page[i + 1]) == at and id >= after) then
      local fields = redis.call('HGETALL', p .. 'b:' .. id)
      if #fields > 0 then
        for j = 1, #fields do fields[j] = '${MARK}' .. fields[j] end
        out[#out + 1] = '${MARK}' .. id
        out[#out + 1] = fields
      end
    end
  end
  offset = offset + chunk
end
return out
`;

/**
 * KEYS[1] the user's entries, KEYS[2] their order; ARGV[1] the limit, ARGV[2] the oldest firstAt
 * kept. Returns each entry's JSON after MARK, newest first.
 */
export const TIMELINE_HISTORY = `
local ids = redis.call('ZREVRANGEBYSCORE', KEYS[2], '+inf', ARGV[2], 'LIMIT', 0, tonumber(ARGV[1]))
if #ids == 0 then return {} end
local raw = redis.call('HMGET', KEYS[1], unpack(ids))
local out = {}
for i = 1, #raw do if raw[i] then out[#out + 1] = '${MARK}' .. raw[i] end end
return out
`;

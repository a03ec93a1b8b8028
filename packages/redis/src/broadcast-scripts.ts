// The broadcast record store's Lua scripts: each call one EVAL, so creating a record, taking its lease
// and saving under it, cancelling it and a batch going live are atomic. A broadcast is a hash
// (`createdAt`, `plan`, `state`, `done`, `owner`, `leaseUntil`, `cancelledAt`) that lapses keepMs
// after it is created, with its live batches beside it; the unfinished ones are a sorted set by `createdAt`. Lease times are Redis's clock (TIME), so runs whose clocks drift agree. Stored
// strings are answered after MARK (replies.ts), so no client parses them as JSON on the way.
import { MARK } from './replies.js';

/** Lua: `now` in milliseconds by Redis's clock, and a whole number as text (never `1.7e+12`). */
const CLOCK = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function whole(n) return string.format('%.0f', n) end
`;

/**
 * KEYS[1] the broadcast's hash, KEYS[2] the unfinished set; ARGV[1] the id, ARGV[2] createdAt,
 * ARGV[3] the plan, ARGV[4] the state (JSON), ARGV[5] keepMs. Returns { 1 } when created, else
 * { 0, createdAt, plan, state, cancelledAt } of the record there.
 */
export const CREATE_BROADCAST = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  local r = redis.call('HMGET', KEYS[1], 'createdAt', 'plan', 'state', 'cancelledAt')
  return { 0, '${MARK}' .. r[1], '${MARK}' .. r[2], '${MARK}' .. r[3], '${MARK}' .. (r[4] or '') }
end
redis.call('HSET', KEYS[1], 'createdAt', ARGV[2], 'plan', ARGV[3], 'state', ARGV[4], 'done', '0')
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
return { 1 }
`;

/**
 * KEYS[1] the broadcast's hash. Returns {} when there is none, else { createdAt, plan, state,
 * cancelledAt } (cancelledAt empty when not cancelled).
 */
export const GET_BROADCAST = `
local r = redis.call('HMGET', KEYS[1], 'createdAt', 'plan', 'state', 'cancelledAt')
if not r[1] then return {} end
return { '${MARK}' .. r[1], '${MARK}' .. r[2], '${MARK}' .. r[3], '${MARK}' .. (r[4] or '') }
`;

/** KEYS[1] the broadcast's hash; ARGV[1] the owner, ARGV[2] leaseMs. Returns 1 when the owner holds the lease. */
export const ACQUIRE_BROADCAST = `${CLOCK}
local r = redis.call('HMGET', KEYS[1], 'done', 'owner', 'leaseUntil')
if r[1] ~= '0' then return 0 end
if r[2] and r[2] ~= ARGV[1] and tonumber(r[3]) > now then return 0 end
redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'leaseUntil', whole(now + tonumber(ARGV[2])))
return 1
`;

/**
 * KEYS[1] the broadcast's hash, KEYS[2] the unfinished set; ARGV[1] the owner, ARGV[2] the state,
 * ARGV[3] done ('1' or '0'), ARGV[4] leaseMs, ARGV[5] the id. Returns 0, writing nothing, when
 * another run has taken the lease.
 */
export const SAVE_BROADCAST = `${CLOCK}
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'done', ARGV[3], 'leaseUntil', whole(now + tonumber(ARGV[4])))
if ARGV[3] == '1' then redis.call('ZREM', KEYS[2], ARGV[5]) end
return 1
`;

/** KEYS[1] the broadcast's hash; ARGV[1] the owner. Gives the lease up if the owner holds it. */
export const RELEASE_BROADCAST = `
if redis.call('HGET', KEYS[1], 'owner') == ARGV[1] then redis.call('HDEL', KEYS[1], 'owner', 'leaseUntil') end
return 1
`;

/**
 * KEYS[1] the unfinished set; ARGV[1] the broadcasts' key prefix, ARGV[2] the most ids to answer.
 * Answers the ids, oldest first, each after MARK, and drops those whose hash has lapsed. It reads keys
 * it was not given in KEYS (the hashes of the ids it finds): fine on one server or shard.
 */
export const UNFINISHED_BROADCASTS = `
local out, start, limit = {}, 0, tonumber(ARGV[2])
while #out < limit do
  local ids = redis.call('ZRANGE', KEYS[1], start, start + 99)
  if #ids == 0 then break end
  start = start + #ids
  for _, id in ipairs(ids) do
    if redis.call('EXISTS', ARGV[1] .. id) == 1 then
      if #out < limit then out[#out + 1] = '${MARK}' .. id end
    else
      redis.call('ZREM', KEYS[1], id)
      start = start - 1
    end
  end
end
return out
`;

/**
 * KEYS[1] the broadcast's hash. Sets `cancelledAt` (Redis's clock) unless set already or the record is
 * done. Returns 0 for no record, 1 set now, 2 set before, 3 done without it.
 */
export const CANCEL_BROADCAST = `${CLOCK}
local r = redis.call('HMGET', KEYS[1], 'createdAt', 'done', 'cancelledAt')
if not r[1] then return 0 end
if r[3] then return 2 end
if r[2] == '1' then return 3 end
redis.call('HSET', KEYS[1], 'cancelledAt', whole(now))
return 1
`;

/**
 * KEYS[1] the broadcast's hash, KEYS[2] its live batches (a sorted set scored by when each mark runs
 * out); ARGV[1] the batch, ARGV[2] liveMs. Returns 0, marking nothing, when the broadcast is cancelled
 * or gone; else marks the batch live (dropping marks run out) and returns 1. One script, so a cancel
 * comes wholly before it or wholly after.
 */
export const GO_LIVE = `${CLOCK}
local r = redis.call('HMGET', KEYS[1], 'createdAt', 'cancelledAt')
if not r[1] or r[2] then return 0 end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', whole(now))
redis.call('ZADD', KEYS[2], whole(now + tonumber(ARGV[2])), ARGV[1])
redis.call('PEXPIRE', KEYS[2], math.max(redis.call('PTTL', KEYS[1]), tonumber(ARGV[2])))
return 1
`;

/** KEYS[1] the broadcast's live batches; ARGV[1] the batch. Takes its mark off. */
export const LEAVE_BATCH = `return redis.call('ZREM', KEYS[1], ARGV[1])`;

/** KEYS[1] the broadcast's live batches. Returns how many are live by Redis's clock. */
export const LIVE_BATCHES = `${CLOCK}
return redis.call('ZCOUNT', KEYS[1], '(' .. whole(now), '+inf')
`;

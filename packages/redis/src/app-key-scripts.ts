// Lua, so the budget's check and its spending are one atomic step for every instance: Redis runs a
// script without interleaving. The clock is the caller's (ARGV), as instances' clocks agree closely
// enough for a per-second budget and a script reading TIME would not replicate on older Redis. A
// signer list is answered after MARK (replies.ts), so no client parses it as JSON on the way.
import { MARK } from './replies.js';

/** KEYS[1] the key. The value after MARK, or nil. */
export const GET = `
local value = redis.call('GET', KEYS[1])
if value then return '${MARK}' .. value end
return false
`;

/** KEYS[1] the key; ARGV[1] the value, ARGV[2] the TTL in ms. */
export const SET_PX = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

/**
 * Lua: takes one hub call from the budget, or says why not. `paused` the pause key, `bucket` the
 * token bucket (a hash: tokens, at), `flight` the calls in flight (a sorted set of tokens scored by
 * when their lease ends); `now` in ms, `rate` calls per second, `concurrent` calls at once, `lease`
 * in ms, `token` this call's. Returns { 1 } when the call may go, or { 0, reason, wait in ms }.
 */
const ACQUIRE_FUNCTION = `
local function acquire(paused, bucket, flight, now, rate, concurrent, lease, token)
  local pause = redis.call('PTTL', paused)
  if pause > 0 then return { 0, 'paused', pause } end
  redis.call('ZREMRANGEBYSCORE', flight, '-inf', now)
  if redis.call('ZCARD', flight) >= concurrent then return { 0, 'concurrency', math.ceil(1000 / rate) } end
  local state = redis.call('HMGET', bucket, 'tokens', 'at')
  local tokens = tonumber(state[1]) or rate
  local at = tonumber(state[2]) or now
  tokens = math.min(rate, tokens + math.max(0, now - at) * rate / 1000)
  if tokens < 1 then
    redis.call('HSET', bucket, 'tokens', tostring(tokens), 'at', tostring(now))
    return { 0, 'rate', math.ceil((1 - tokens) * 1000 / rate) }
  end
  redis.call('HSET', bucket, 'tokens', tostring(tokens - 1), 'at', tostring(now))
  redis.call('PEXPIRE', bucket, 60000)
  redis.call('ZADD', flight, now + lease, token)
  redis.call('PEXPIRE', flight, lease * 2)
  return { 1 }
end
`;

/**
 * KEYS[1] the pause key, KEYS[2] the token bucket, KEYS[3] the calls in flight. ARGV[1] now in ms,
 * ARGV[2] calls per second, ARGV[3] calls at once, ARGV[4] the lease in ms, ARGV[5] this call's
 * token. Returns { 1 } when the call may go, or { 0, reason, wait in ms }.
 */
export const ACQUIRE = `${ACQUIRE_FUNCTION}
return acquire(KEYS[1], KEYS[2], KEYS[3], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5])
`;

/**
 * A lookup's first step, one round trip: the FID's list when one is kept; else the FID's fetch
 * claim and one call from the budget, taken together or not at all. KEYS[1] the FID's list,
 * KEYS[2] its fetch claim, KEYS[3..5] the pause, the bucket, the calls in flight. ARGV[1] the
 * token (of the claim and the call), ARGV[2] the lease in ms, ARGV[3] now in ms, ARGV[4] calls per
 * second, ARGV[5] calls at once. Returns { 1, list after MARK } kept, { 2 } another holds the fetch,
 * { 3 } this caller fetches, or { 0, reason, wait in ms } refused (no claim held).
 */
export const START_LOOKUP = `${ACQUIRE_FUNCTION}
local list = redis.call('GET', KEYS[1])
if list then return { 1, '${MARK}' .. list } end
if not redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return { 2 } end
local grant = acquire(KEYS[3], KEYS[4], KEYS[5], tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[2]), ARGV[1])
if grant[1] == 1 then return { 3 } end
redis.call('DEL', KEYS[2])
return grant
`;

/**
 * A lookup's last step, one round trip: keeps the list fetched (ARGV[2], or '' when the fetch
 * failed) for ARGV[3] ms, frees the call's place and ends the fetch claim while ARGV[1], the token of
 * START_LOOKUP, still holds it. KEYS[1] the FID's list, KEYS[2] its fetch claim, KEYS[3] the calls
 * in flight.
 */
export const FINISH_LOOKUP = `
if ARGV[2] ~= '' then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
redis.call('ZREM', KEYS[3], ARGV[1])
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
return 1
`;

/** KEYS[1] the calls in flight; ARGV[1] the call's token. */
export const RELEASE_CALL = `return redis.call('ZREM', KEYS[1], ARGV[1])`;

/** KEYS[1] the pause key; ARGV[1] the pause in ms. Lengthens a pause, never shortens it. */
export const PAUSE = `
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], '1', 'PX', ARGV[1]) end
return 1
`;

/** KEYS[1] the FID's fetch claim; ARGV[1] the claim's token, ARGV[2] the lease in ms. 1 when taken. */
export const CLAIM_FETCH = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0
`;

/** KEYS[1] the FID's fetch claim; ARGV[1] the claim's token. Deletes it only while the token holds it. */
export const RELEASE_FETCH = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

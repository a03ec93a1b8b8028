// Lua, so the budget's check and its spending are one atomic step for every instance: Redis runs a
// script without interleaving. The clock is the caller's (ARGV), as instances' clocks agree closely
// enough for a per-second budget and a script reading TIME would not replicate on older Redis.

/** KEYS[1] the key. The value, or nil. */
export const GET = `return redis.call('GET', KEYS[1])`;

/** KEYS[1] the key; ARGV[1] the value, ARGV[2] the TTL in ms. */
export const SET_PX = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

/**
 * KEYS[1] the pause key, KEYS[2] the token bucket (a hash: tokens, at), KEYS[3] the calls in flight
 * (a sorted set of tokens scored by when their lease ends). ARGV[1] now in ms, ARGV[2] calls per
 * second, ARGV[3] calls at once, ARGV[4] the lease in ms, ARGV[5] this call's token.
 * Returns { 1 } when the call may go, or { 0, reason, wait in ms }.
 */
export const ACQUIRE = `
local now = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local concurrent = tonumber(ARGV[3])
local lease = tonumber(ARGV[4])
local paused = redis.call('PTTL', KEYS[1])
if paused > 0 then return { 0, 'paused', paused } end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
if redis.call('ZCARD', KEYS[3]) >= concurrent then return { 0, 'concurrency', math.ceil(1000 / rate) } end
local bucket = redis.call('HMGET', KEYS[2], 'tokens', 'at')
local tokens = tonumber(bucket[1]) or rate
local at = tonumber(bucket[2]) or now
tokens = math.min(rate, tokens + math.max(0, now - at) * rate / 1000)
if tokens < 1 then
  redis.call('HSET', KEYS[2], 'tokens', tostring(tokens), 'at', tostring(now))
  return { 0, 'rate', math.ceil((1 - tokens) * 1000 / rate) }
end
redis.call('HSET', KEYS[2], 'tokens', tostring(tokens - 1), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[2], 60000)
redis.call('ZADD', KEYS[3], now + lease, ARGV[5])
redis.call('PEXPIRE', KEYS[3], lease * 2)
return { 1 }
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

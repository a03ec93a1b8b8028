// The notification limiter's Lua scripts: each call is one EVAL, atomic across every instance that
// shares the Redis, and every time is Redis's own (TIME), so instances with drifting clocks agree.

/**
 * KEYS: for each target, its dedupe record key then its token's state key (a hash: at, nid, day,
 * count). ARGV[1] the notificationId, ARGV[2] the interval, ARGV[3] the daily count, ARGV[4] the
 * day, in milliseconds. Returns, per target, an outcome (1 allowed, 2 sent, 3 limited) and the time
 * to retry a limited one (0 otherwise), in milliseconds since the epoch.
 */
export const CLAIM_NOTIFICATION = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local nid, interval, perDay, dayMs = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local out = {}
for i = 1, #KEYS, 2 do
  local outcome, retryAt = 1, 0
  if redis.call('EXISTS', KEYS[i]) == 1 then
    outcome = 2
  else
    local key = KEYS[i + 1]
    local state = redis.call('HMGET', key, 'at', 'nid', 'day', 'count')
    local at, day, count = tonumber(state[1]), tonumber(state[3]), tonumber(state[4])
    if at ~= nil and now - at < interval then
      if state[2] ~= nid then outcome, retryAt = 3, at + interval end
    else
      if day == nil or now - day >= dayMs then day, count = now, 0 end
      if count >= perDay then
        outcome, retryAt = 3, day + dayMs
      else
        redis.call('HSET', key, 'at', now, 'nid', nid, 'day', day, 'count', count + 1)
        redis.call('PEXPIRE', key, math.max(day + dayMs - now, interval))
      end
    end
  end
  out[#out + 1] = outcome
  out[#out + 1] = retryAt
end
return out
`;

/**
 * KEYS: for each delivered target, its dedupe record key then its token's state key. ARGV[1] how long
 * to keep the records, ARGV[2] the notificationId, ARGV[3] the interval, ARGV[4] the day, in
 * milliseconds. Sets each record, and starts the token's interval again from now (Redis's clock) when
 * it was last claimed for this notificationId: a client counts the interval from when the request
 * reached it, which only its answer bounds (docs/contract.md §Senders, "Notifications, sent").
 */
export const CONFIRM_NOTIFICATION = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local nid, interval, dayMs = ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
for i = 1, #KEYS, 2 do
  redis.call('SET', KEYS[i], '1', 'PX', ARGV[1])
  local key = KEYS[i + 1]
  local state = redis.call('HMGET', key, 'at', 'nid', 'day')
  local at, day = tonumber(state[1]), tonumber(state[3])
  if at ~= nil and state[2] == nid and at < now then
    redis.call('HSET', key, 'at', now)
    redis.call('PEXPIRE', key, math.max(day + dayMs - now, interval))
  end
end
return #KEYS / 2
`;

// The open store's Lua scripts: each call one EVAL, so an open is counted in one round trip, its
// unique counts decided by the same script that adds the FID. A notification's opens are a hash
// (`opens`, `unique`, and per client `o:<clientFid>`, `u:<clientFid>`) and a set of who opened it
// (`<fid>`, and `<clientFid>:<fid>` per client), both lapsing retentionMs after the last open.

/**
 * KEYS[1] the counts' hash, KEYS[2] the set of openers; ARGV[1] the FID, ARGV[2] the client FID or
 * '', ARGV[3] retentionMs. Returns 1 when the FID had not opened it before, else 0.
 */
export const RECORD_OPEN = `
local unique = redis.call('SADD', KEYS[2], ARGV[1])
redis.call('HINCRBY', KEYS[1], 'opens', 1)
if unique == 1 then redis.call('HINCRBY', KEYS[1], 'unique', 1) end
if ARGV[2] ~= '' then
  redis.call('HINCRBY', KEYS[1], 'o:' .. ARGV[2], 1)
  if redis.call('SADD', KEYS[2], ARGV[2] .. ':' .. ARGV[1]) == 1 then redis.call('HINCRBY', KEYS[1], 'u:' .. ARGV[2], 1) end
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return unique
`;

/** KEYS[1] the counts' hash. Returns its fields and values, flat: { field, value, ... }; {} when none. */
export const READ_OPENS = `return redis.call('HGETALL', KEYS[1])`;

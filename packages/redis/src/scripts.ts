// Lua, so each step reads and writes its key atomically: Redis runs a script without interleaving.

/** The value of a completed key; claim tokens are UUIDs, so never equal to it. */
export const DONE = 'done';

/**
 * KEYS[1] the key; ARGV[1] the token, ARGV[2] the lease in ms, ARGV[3] the completed marker.
 * Returns 1 claimed (SET NX PX took it), 2 completed, 3 in flight.
 */
export const CLAIM = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[3] then return 2 end
return 3
`;

/** KEYS[1] the key; ARGV[1] the completed marker, ARGV[2] the TTL in ms. */
export const COMPLETE = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

/** KEYS[1] the key; ARGV[1] the token. Deletes the key only while the token still holds it. */
export const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

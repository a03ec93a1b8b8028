export { DEFAULT_REDIS_PREFIX, redisStore, type RedisEvalClient, type RedisStoreOptions } from './redis-store.js';

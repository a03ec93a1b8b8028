// The Redis stores in a Worker (workerd through Miniflare), on @upstash/redis's Cloudflare entry,
// which reads UPSTASH_REDIS_REST_URL and _TOKEN from the Worker's bindings.
import { Redis } from '@upstash/redis/cloudflare';
import { upstashStoresApp } from './upstash-stores-app.js';

export default {
  fetch(request: Request, env: { UPSTASH_REDIS_REST_URL: string; UPSTASH_REDIS_REST_TOKEN: string }): Promise<Response> {
    return upstashStoresApp(Redis.fromEnv(env))(request);
  },
};

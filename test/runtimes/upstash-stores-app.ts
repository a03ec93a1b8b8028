// The four Redis stores on the runtime that serves them, through the @upstash/redis client that
// runtime's entry builds from its environment: `POST /stores` with `{ prefix }` claims a delivery
// twice, saves and reads a token, looks up a FID's keys (fetching, then kept) and claims one token
// for two notifications, and answers what each step saw. Web APIs only, like the rest of the server.
import { redisAppKeyStore, redisNotificationLimiter, redisStore, redisTokenStore, type RedisStoreClient } from '@social-webhooks/redis';

export const STORES_PATH = '/stores';
export const SIGNERS = { fetchedAt: 1, keys: { [`0x${'ab'.repeat(32)}`]: 9152 } };
// Enabled at a time given, as an import gives it: the store keeps it, so what is read is what was saved.
export const TARGET = { fid: 3, appFid: 9152, url: 'https://client.example/notify', token: '12345', enabledAt: 1_790_000_000_000 };

export function upstashStoresApp(client: RedisStoreClient): (request: Request) => Promise<Response> {
  return async function serveStores(request) {
    if (new URL(request.url).pathname !== STORES_PATH) return new Response('not found', { status: 404 });
    const { prefix } = (await request.json()) as { prefix: string };
    const dedupe = redisStore({ client, prefix: `${prefix}dedupe:` });
    const claims = [await dedupe.claim('d1', 'a', 10_000), await dedupe.claim('d1', 'b', 10_000)];
    await dedupe.complete('d1', 'a', 60_000);

    const tokens = redisTokenStore({ client, prefix: `${prefix}tokens:` });
    await tokens.save(TARGET);
    const read = await tokens.get(TARGET.fid);

    const keys = redisAppKeyStore({ client, prefix: `${prefix}keys:` });
    const budget = { perSecond: 5, concurrent: 5, leaseMs: 1_000 };
    const start = await keys.startLookup!(TARGET.fid, budget);
    if (start.state === 'fetch') await start.finish(SIGNERS, 60_000);
    const kept = await keys.startLookup!(TARGET.fid, budget);

    const limiter = redisNotificationLimiter({ client, prefix: `${prefix}notify:` });
    const limits = [(await limiter.claim('n1', [TARGET]))[0]?.outcome, (await limiter.claim('n2', [TARGET]))[0]?.outcome];
    return Response.json({ claims, read, start: start.state, kept, limits });
  };
}

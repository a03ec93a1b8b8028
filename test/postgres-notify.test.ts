import { afterEach, describe, expect, it } from 'vitest';
import { createNotifier, type NotificationTokenStore } from '@social-webhooks/core';
import { fromPostgresJs, migrate, postgresNotificationLimiter, postgresTokenStore } from '@social-webhooks/postgres';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';
import { fillTokens, range } from './support/token-fill.js';

// The notifier on the Postgres stores, against the strict stand-in Farcaster client and a real
// PostgreSQL server started here: what two instances sharing one database do, seen from the client.
const notification = { notificationId: 'digest-1', title: 'Digest', body: 'Three new casts', targetUrl: 'https://app.example.com/digest' };
const quiet = { logger: false as const, retryDelayMs: 10, rateLimitWaitMs: 0 };
const clients: StandInClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
async function client(options?: Parameters<typeof startNotificationClient>[0]): Promise<StandInClient> {
  const started = await startNotificationClient({ domain: 'app.example.com', ...options });
  clients.push(started);
  return started;
}

describe.skipIf(postgresBinaries === undefined)('createNotifier on the Postgres stores', () => {
  const db = usePostgres();
  let prefixes = 0;
  const fresh = async () => {
    const prefix = `notifier${++prefixes}_`;
    await migrate({ client: db.pool, prefix });
    return prefix;
  };

  it('of two instances broadcasting two notifications at once to 300 users, reaches each user once within the interval', async () => {
    const a = await client({ limits: { intervalMs: 30_000, perDay: 100 } });
    const prefix = await fresh();
    const instances = [db.pool, fromPostgresJs(db.sql)].map((pg) =>
      createNotifier({
        store: postgresTokenStore({ client: pg, prefix }),
        limiter: postgresNotificationLimiter({ client: pg, prefix }),
        ...quiet,
      }),
    );
    await fillTokens(postgresTokenStore({ client: db.pool, prefix }), a, range(300));
    const [one, two] = await Promise.all([
      instances[0]!.send(notification, { to: 'all' }),
      instances[1]!.send({ ...notification, notificationId: 'digest-2' }, { to: 'all' }),
    ]);
    // Our limiter held back every second notification: the client never had to refuse one.
    expect(one.successful + two.successful).toBe(300);
    expect(one.rateLimited + two.rateLimited).toBe(300);
    expect(a.violations).toEqual([]);
    const perUser = new Map<string, number>();
    for (const [key, count] of a.delivered) perUser.set(key.split(':')[0]!, (perUser.get(key.split(':')[0]!) ?? 0) + count);
    expect(perUser.size).toBe(300);
    expect([...perUser.values()].every((count) => count === 1)).toBe(true);
  });

  it('removes an invalid token, but not the token its user enabled between the send and the answer', async () => {
    const a = await client();
    const prefix = await fresh();
    const store = postgresTokenStore({ client: db.pool, prefix });
    const [first, second] = await fillTokens(store, a, [1, 2]);
    a.revoke(first!);
    a.revoke(second!);
    // User 2 enables again, through another instance, before the answer is handled: the new token must survive.
    const fresh2 = a.issue(2);
    const other = postgresTokenStore({ client: fromPostgresJs(db.sql), prefix });
    const racing: NotificationTokenStore = {
      ...store,
      deleteToken: async (target) => {
        const [forgotten] = await Promise.all([
          store.deleteToken!(target),
          target.fid === 2 ? other.save({ fid: 2, appFid: 9152, url: a.url, token: fresh2 }) : undefined,
        ]);
        return forgotten;
      },
    };
    const report = await createNotifier({ store: racing, ...quiet }).send(notification, { to: 'all' });
    expect(report).toMatchObject({ invalid: 2, successful: 0 });
    expect(await store.get(1)).toEqual([]);
    expect((await store.get(2)).map((target) => target.token)).toEqual([fresh2]);
    // The new token is notified by the next send.
    expect(await createNotifier({ store, ...quiet }).send({ ...notification, notificationId: 'digest-2' }, { to: 2 })).toMatchObject({
      successful: 1,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_PATH } from './runtimes/notify-route.js';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { runtimes, type RunningServer } from './support/runtimes.js';

// The notification sender runs wherever `fetch` does: each runtime's conformance server sends a
// notification to 250 users through a stand-in Farcaster client on loopback (runtimes/notify-route.ts).
describe.each(runtimes)('createNotifier on $name', (runtime) => {
  let server: RunningServer;
  let client: StandInClient;
  beforeAll(async () => {
    [server, client] = await Promise.all([runtime.start(), startNotificationClient()]);
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), client?.close()]);
  });

  const send = async (notificationId: string, targets: { fid: number; token: string }[]) => {
    const answer = await fetch(server.baseUrl + NOTIFY_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientUrl: client.url, targets, notificationId }),
    });
    expect(answer.status).toBe(200);
    return (await answer.json()) as Record<string, unknown>;
  };

  it('sends to every user in batches of at most 100, and retries a 503 under the same id', async () => {
    const targets = Array.from({ length: 250 }, (_, index) => ({ fid: index + 1, token: client.issue(index + 1) }));
    client.fault({ status: 503, count: 1 });
    const report = await send('runtime-1', targets);
    expect(report).toMatchObject({ targets: 250, successful: 250, requests: 4, invalid: 0, failed: {} });
    expect(client.requests.map((request) => request.tokens).sort()).toEqual([100, 100, 50].sort());
    expect(client.delivered.size).toBe(250);
    expect(client.violations).toEqual([]);
  });

  it('reports a revoked token as invalid', async () => {
    const token = client.issue(1_000);
    client.revoke(token);
    expect(await send('runtime-2', [{ fid: 1_000, token }])).toMatchObject({ invalid: 1, successful: 0 });
  });
});

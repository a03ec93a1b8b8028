import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotificationKit, type NotificationKit } from './notification-test-kit.js';

// The users and refusals a developer debugging a send needs, over the emulator's real HTTP routes.
describe('the users and the refused notifications, as the emulator knows them', () => {
  let kit: NotificationKit;
  beforeAll(async () => {
    kit = await startNotificationKit({ notificationLimits: { intervalMs: 60_000 }, miniAppDomain: 'app.example.com' });
  });
  afterAll(() => kit.stop());

  it('lists each user with their last event and every token issued, newest first, in its state, never in full', async () => {
    const first = (await kit.send({ event: 'miniapp_added', fid: 21 }))!;
    const second = (await kit.send({ event: 'notifications_enabled', fid: 21 }))!;
    await kit.send({ event: 'notifications_disabled', fid: 21 });
    const removed = (await kit.send({ event: 'miniapp_added', fid: 22 }))!;
    await kit.send({ event: 'miniapp_removed', fid: 22 });
    const enabled = (await kit.send({ event: 'notifications_enabled', fid: 23 }))!;
    await kit.send({ event: 'miniapp_added', fid: 24, notifications: false });

    const { status, body } = await kit.call('GET', '/_emulator/miniapp/users');
    expect(status).toBe(200);
    const users = body.users as {
      fid: number;
      lastEvent: { eventName: string; state: string };
      tokens: { tokenPrefix: string; state: string; endedAt: string | null }[];
    }[];
    expect(users.map((user) => [user.fid, user.lastEvent.eventName, user.lastEvent.state])).toEqual([
      [21, 'notifications_disabled', 'delivered'],
      [22, 'miniapp_removed', 'delivered'],
      [23, 'notifications_enabled', 'delivered'],
      [24, 'miniapp_added', 'delivered'],
    ]);
    const tokens = (fid: number) => users.find((user) => user.fid === fid)!.tokens.map((token) => [token.tokenPrefix, token.state]);
    expect(tokens(21)).toEqual([
      [second.slice(0, 8), 'disabled'],
      [first.slice(0, 8), 'replaced'],
    ]);
    expect(tokens(22)).toEqual([[removed.slice(0, 8), 'removed']]);
    expect(tokens(23)).toEqual([[enabled.slice(0, 8), 'enabled']]);
    expect(tokens(24)).toEqual([]);
    expect(users[2]!.tokens[0]!.endedAt).toBeNull();
    expect(users[1]!.tokens[0]!.endedAt).toEqual(expect.any(String));
    for (const token of [first, second, removed, enabled]) expect(JSON.stringify(body)).not.toContain(token);

    expect((await kit.call('GET', '/_emulator/miniapp/users?fid=22')).body).toEqual({ users: [expect.objectContaining({ fid: 22 })] });
    expect(kit.emulator.miniApp.users(23)).toEqual([expect.objectContaining({ fid: 23, appFid: 9152 })]);
  });

  it('keeps every refusal with when, whose token (its prefix) and why: invalid, rate-limited, domain_mismatch, malformed, a fault', async () => {
    const replaced = (await kit.send({ event: 'miniapp_added', fid: 31 }))!;
    const current = (await kit.send({ event: 'notifications_enabled', fid: 31 }))!;
    expect((await kit.notify([current, replaced, 'made-up-token'], { notificationId: 'a' })).status).toBe(200);
    await kit.notify([current], { notificationId: 'b' });
    await kit.notify([current], { notificationId: 'c', targetUrl: 'https://elsewhere.example/' });
    await kit.notify([current], { title: 'x'.repeat(40), notificationId: 'd' });
    kit.emulator.miniApp.setNotificationFaults({ status: 503 });
    await kit.notify([current], { notificationId: 'e' });

    const { status, body } = await kit.call('GET', '/_emulator/miniapp/refused');
    expect(status).toBe(200);
    const refused = body.refused as {
      at: string;
      reason: string;
      notificationId: string;
      fid: number | null;
      tokenPrefix: string | null;
      message: string;
    }[];
    expect(refused.map(({ reason, notificationId, fid, tokenPrefix }) => [reason, notificationId, fid, tokenPrefix])).toEqual([
      ['invalid_token', 'a', 31, replaced.slice(0, 8)],
      ['invalid_token', 'a', null, 'made-u'],
      ['rate_limited', 'b', 31, current.slice(0, 8)],
      ['domain_mismatch', 'c', 31, current.slice(0, 8)],
      ['malformed', 'd', null, null],
      ['fault', 'e', null, null],
    ]);
    expect(refused.map((item) => item.message)).toEqual([
      expect.stringContaining('a newer token replaced it'),
      expect.stringContaining('never issued the token'),
      expect.stringMatching(/^the token received a notification [\d.]+ m?s ago and may receive one per 1 min: send again in /),
      "targetUrl is on elsewhere.example, not on app.example.com, the Mini App's domain the token was issued for",
      expect.stringContaining('title'),
      'the emulator answered 503, as its notification faults asked: no token was handled',
    ]);
    expect(Date.parse(refused[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(body)).not.toContain(current);
    expect((await kit.call('GET', '/_emulator/miniapp/refused?fid=31')).body.refused).toHaveLength(3);
    expect(kit.emulator.miniApp.refused(31).map((item) => item.reason)).toEqual(['invalid_token', 'rate_limited', 'domain_mismatch']);
    expect((await kit.call('GET', '/_emulator/miniapp/refused?fid=x')).status).toBe(400);
  });
});

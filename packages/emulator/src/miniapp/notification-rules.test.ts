import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../emulator.js';
import { startNotificationKit, type NotificationKit } from './notification-test-kit.js';

// Every rule of the notification route, by real HTTP POSTs to a started emulator, as a Mini App sends them.
describe('the notification route as a Farcaster client: idempotency and the per-token rate limits', () => {
  let kit: NotificationKit;
  // An interval long enough that a loaded machine still sends the next request within it.
  let daily: NotificationKit;
  beforeAll(async () => {
    kit = await startNotificationKit({ notificationLimits: { intervalMs: 1500 } });
    daily = await startNotificationKit({ notificationLimits: { intervalMs: 0, perDay: 3 } });
  });
  afterAll(async () => {
    await kit.stop();
    await daily.stop();
  });

  it('answers the same (user, notificationId) successful twice, but the user receives it once, and the repeat spends no limit', async () => {
    const token = (await kit.send({ event: 'notifications_enabled', fid: 10 }))!;
    const first = await kit.notify([token], { notificationId: 'welcome' });
    const again = await kit.notify([token], { notificationId: 'welcome' });
    for (const answer of [first, again]) {
      expect(answer.status).toBe(200);
      expect(answer.json()).toEqual({ result: { successfulTokens: [token], invalidTokens: [], rateLimitedTokens: [], failedTokens: [] } });
    }
    expect(kit.emulator.miniApp.received(10)).toEqual([
      expect.objectContaining({ fid: 10, appFid: 9152, notificationId: 'welcome', title: 'Hi', token, repeats: 1 }),
    ]);
    expect(kit.emulator.miniApp.notifications().at(-1)).toMatchObject({ recipients: [], repeatTokens: [token] });
    // Within the interval a new id is held back; the repeat above did not start a new interval.
    expect(((await kit.notify([token], { notificationId: 'second' })).json() as { result: unknown }).result).toMatchObject({
      successfulTokens: [],
      rateLimitedTokens: [token],
    });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(((await kit.notify([token], { notificationId: 'second' })).json() as { result: unknown }).result).toMatchObject({
      successfulTokens: [token],
    });
    expect(kit.emulator.miniApp.received(10).map((item) => item.notificationId)).toEqual(['welcome', 'second']);
  });

  it('holds back a token that had its day’s share (perDay), and only that token', async () => {
    const busy = (await daily.send({ event: 'notifications_enabled', fid: 11 }))!;
    for (const id of ['a', 'b', 'c']) {
      expect((await daily.notify([busy], { notificationId: id })).json()).toMatchObject({ result: { successfulTokens: [busy] } });
    }
    const fresh = (await daily.send({ event: 'notifications_enabled', fid: 12 }))!;
    expect((await daily.notify([busy, fresh], { notificationId: 'd' })).json()).toEqual({
      result: { successfulTokens: [fresh], invalidTokens: [], rateLimitedTokens: [busy], failedTokens: [] },
    });
    expect(daily.emulator.miniApp.received(11)).toHaveLength(3);
  });

  it('answers a token invalid once the user disables notifications or removes the app, and one never issued', async () => {
    const disabled = (await kit.send({ event: 'notifications_enabled', fid: 13 }))!;
    const removed = (await kit.send({ event: 'miniapp_added', fid: 14 }))!;
    await kit.send({ event: 'notifications_disabled', fid: 13 });
    await kit.send({ event: 'miniapp_removed', fid: 14 });
    expect((await kit.notify([disabled, removed, 'never-issued'], { notificationId: 'x' })).json()).toEqual({
      result: { successfulTokens: [], invalidTokens: [disabled, removed, 'never-issued'], rateLimitedTokens: [], failedTokens: [] },
    });
    expect(kit.emulator.miniApp.received(13)).toEqual([]);
  });

  it('refuses more than 100 tokens with a 400, and handles exactly 100', async () => {
    const tokens = Array.from({ length: 101 }, (_, index) => `t-${index}`);
    const over = await kit.notify(tokens);
    expect(over.status).toBe(400);
    expect(over.json()).toMatchObject({ status: false, message: expect.stringMatching(/^tokens: /) });
    const full = await kit.notify(tokens.slice(1), { notificationId: 'hundred' });
    expect((full.json() as { result: { invalidTokens: string[] } }).result.invalidTokens).toHaveLength(100);
  });

  it('lists what each user received at GET /_emulator/miniapp/received, with the API key', async () => {
    expect((await kit.call('GET', '/_emulator/miniapp/received?fid=10', undefined, null)).status).toBe(401);
    const mine = await kit.call('GET', '/_emulator/miniapp/received?fid=10');
    expect(mine).toMatchObject({
      status: 200,
      body: { received: [{ notificationId: 'welcome', repeats: 1 }, { notificationId: 'second' }] },
    });
    expect((await daily.call('GET', '/_emulator/miniapp/received')).body['received']).toHaveLength(4);
    expect(await kit.call('GET', '/_emulator/miniapp/received?fid=x')).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
  });
});

describe('the notification route: the Mini App’s domain', () => {
  let kit: NotificationKit;
  beforeAll(
    async () => void (kit = await startNotificationKit({ notificationLimits: { intervalMs: 0 }, miniAppDomain: 'app.example.com' })),
  );
  afterAll(() => kit.stop());

  it('answers a targetUrl on another domain in failedTokens with domain_mismatch, and delivers nothing', async () => {
    const token = (await kit.send({ event: 'notifications_enabled', fid: 20, domain: 'Game.Example.org' }))!;
    expect(kit.emulator.miniApp.tokens().find((issued) => issued.token === token)).toMatchObject({ domain: 'game.example.org' });
    expect((await kit.notify([token], { targetUrl: 'https://app.example.com/' })).json()).toEqual({
      result: {
        successfulTokens: [],
        invalidTokens: [],
        rateLimitedTokens: [],
        failedTokens: [{ token, fid: 20, reason: 'domain_mismatch' }],
      },
    });
    expect(kit.emulator.miniApp.received(20)).toEqual([]);
    expect((await kit.notify([token], { targetUrl: 'https://game.example.org/play?x=1' })).json()).toMatchObject({
      result: { successfulTokens: [token], failedTokens: [] },
    });
  });

  it('uses miniAppDomain for a send that names no domain', async () => {
    const token = (await kit.send({ event: 'miniapp_added', fid: 21 }))!;
    expect((await kit.notify([token], { targetUrl: 'https://sub.app.example.com/' })).json()).toMatchObject({
      result: { failedTokens: [{ token, fid: 21, reason: 'domain_mismatch' }] },
    });
  });

  it('refuses a send whose domain is not a host name, 400 invalid_request', async () => {
    const answer = await kit.call('POST', '/_emulator/miniapp/events', {
      to: 'http://127.0.0.1:1/w',
      event: 'miniapp_added',
      fid: 3,
      domain: 'https://x.org/',
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_request', message: expect.stringContaining('domain: ') } });
  });
});

describe('the notification route without a known domain, and its bounds', () => {
  it('checks no domain when none is known, and keeps the newest logLimit received', async () => {
    const kit = await startNotificationKit({ logLimit: 2, notificationLimits: { intervalMs: 0 } });
    try {
      const token = (await kit.send({ event: 'notifications_enabled', fid: 30 }))!;
      for (const id of ['1', '2', '3'])
        expect((await kit.notify([token], { notificationId: id, targetUrl: `https://any${id}.example.net/` })).json()).toMatchObject({
          result: { successfulTokens: [token] },
        });
      expect(kit.emulator.miniApp.received().map((item) => item.notificationId)).toEqual(['2', '3']);
      expect(kit.emulator.miniApp.notifications()).toHaveLength(2);
    } finally {
      await kit.stop();
    }
  });

  it.each([
    [{ notificationLimits: { intervalMs: -1 } }, /notificationLimits\.intervalMs/],
    [{ notificationLimits: { perDay: 0 } }, /notificationLimits\.perDay/],
    [{ miniAppDomain: 'localhost:3000' }, /miniAppDomain/],
  ])('refuses the options %j', async (options, message) => {
    await expect(startEmulator(options)).rejects.toThrow(message);
  });
});

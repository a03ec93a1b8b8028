import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotificationKit, type NotificationKit } from './notification-test-kit.js';

// The notification route's faults, set over HTTP with the API key or from code, played on real POSTs.
describe('the notification route’s faults: 5xx, a slow answer, a 200 with a broken body', () => {
  let kit: NotificationKit;
  let token: string;
  beforeAll(async () => {
    kit = await startNotificationKit({ notificationLimits: { intervalMs: 0 } });
    token = (await kit.send({ event: 'notifications_enabled', fid: 40 }))!;
  });
  afterAll(() => kit.stop());
  const faultsPath = '/_emulator/miniapp/notifications/faults';

  it('answers 503 to the next N requests, handling none, then handles the retry', async () => {
    expect((await kit.call('PUT', faultsPath, { status: 503, times: 2 }, null)).status).toBe(401);
    expect(await kit.call('PUT', faultsPath, { status: 503, times: 2 })).toEqual({
      status: 200,
      body: { faults: { status: 503, remaining: 2 } },
    });
    expect((await kit.notify([token], { notificationId: 'retry-me' })).status).toBe(503);
    expect((await kit.call('GET', faultsPath)).body).toEqual({ faults: { status: 503, remaining: 1 } });
    expect((await kit.notify([token], { notificationId: 'retry-me' })).status).toBe(503);
    expect(kit.emulator.miniApp.received(40)).toEqual([]);
    const third = await kit.notify([token], { notificationId: 'retry-me' });
    expect(third.status).toBe(200);
    expect(third.json()).toMatchObject({ result: { successfulTokens: [token] } });
    expect(kit.emulator.miniApp.received(40)).toEqual([expect.objectContaining({ notificationId: 'retry-me', repeats: 0 })]);
    expect((await kit.call('GET', faultsPath)).body).toEqual({ faults: null });
  });

  it('answers slowly with delayMs, having delivered: a sender that gave up and retries reaches the user once', async () => {
    kit.emulator.miniApp.setNotificationFaults({ delayMs: 1000 });
    const body = { notificationId: 'slow', title: 'Hi', body: 'A body', targetUrl: 'https://app.example.com/', tokens: [token] };
    const gaveUp = fetch(`${kit.emulator.url}/_emulator/miniapp/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(150),
    });
    await expect(gaveUp).rejects.toThrow(/aborted/);
    const retried = await kit.notify([token], { notificationId: 'slow' });
    expect(retried.ms).toBeLessThan(1000); // not held for the 1,000 ms: the fault was for one request
    expect(retried.json()).toMatchObject({ result: { successfulTokens: [token] } });
    expect(kit.emulator.miniApp.received(40).filter((item) => item.notificationId === 'slow')).toEqual([
      expect.objectContaining({ repeats: 1 }),
    ]);
    kit.emulator.miniApp.setNotificationFaults({ delayMs: 300 });
    const slow = await kit.notify([token], { notificationId: 'slow' });
    expect(slow.ms).toBeGreaterThanOrEqual(290);
    expect(slow.json()).toMatchObject({ result: { successfulTokens: [token] } });
  });

  it('answers 200 with a body that is not JSON, or JSON without a result, having delivered', async () => {
    await kit.call('PUT', faultsPath, { brokenBody: 'not_json' });
    const text = await kit.notify([token], { notificationId: 'broken-1' });
    expect(text.status).toBe(200);
    expect(() => text.json()).toThrow(SyntaxError);
    kit.emulator.miniApp.setNotificationFaults({ brokenBody: 'no_result' });
    const noResult = await kit.notify([token], { notificationId: 'broken-2' });
    expect(noResult.status).toBe(200);
    expect(noResult.json()).not.toHaveProperty('result');
    const ids = kit.emulator.miniApp.received(40).map((item) => item.notificationId);
    expect(ids).toEqual(['retry-me', 'slow', 'broken-1', 'broken-2']);
    expect((await kit.notify([token], { notificationId: 'broken-1' })).json()).toMatchObject({ result: { successfulTokens: [token] } });
  });

  it('clears the faults with DELETE or undefined, and refuses faults it cannot play, 400 invalid_request', async () => {
    kit.emulator.miniApp.setNotificationFaults({ status: 500, times: 5 });
    expect(kit.emulator.miniApp.notificationFaults()).toEqual({ status: 500, remaining: 5 });
    expect(await kit.call('DELETE', faultsPath)).toEqual({ status: 200, body: { faults: null } });
    kit.emulator.miniApp.setNotificationFaults({ delayMs: 10 });
    kit.emulator.miniApp.setNotificationFaults(undefined);
    expect(kit.emulator.miniApp.notificationFaults()).toBeUndefined();
    for (const faults of [{ status: 404 }, { status: 503, brokenBody: 'not_json' }, {}, { delay: 10 }, { brokenBody: 'empty' }]) {
      expect(await kit.call('PUT', faultsPath, faults)).toMatchObject({ status: 400, body: { status: false, code: 'invalid_request' } });
    }
    expect(() => kit.emulator.miniApp.setNotificationFaults({ status: 200 })).toThrow(/notification faults: status/);
    expect((await kit.notify([token], { notificationId: 'after' })).status).toBe(200);
  });
});

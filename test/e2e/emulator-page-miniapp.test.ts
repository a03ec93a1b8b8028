import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type MiniAppSendInit } from '@social-webhooks/emulator';
import { startMiniAppReceiver, type MiniAppReceiver } from './miniapp-receiver.js';

// Debian's chromium, driven over CDP by playwright-core (no browser download); `.ci/run` installs it.
const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));

let emulator: Emulator;
let miniApp: MiniAppReceiver;
let browser: Browser;

beforeAll(async () => {
  // A minute between two notifications to one token, so the second is refused rate-limited.
  emulator = await startEmulator({
    retry: { attempts: 2, baseDelayMs: 50, timeoutMs: 2000 },
    notificationLimits: { intervalMs: 60_000 },
    miniAppDomain: 'app.example.com',
  });
  miniApp = await startMiniAppReceiver(emulator.miniApp.hubUrl);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--headless', '--disable-gpu'] });
});
afterAll(async () => {
  await browser?.close();
  await emulator?.stop();
  await miniApp?.close();
});

/** Sends one Mini App event through the emulator to the app, waits for the app's answer, and answers the token it carried. */
async function send(init: Omit<MiniAppSendInit, 'to'>): Promise<string> {
  const sent = await emulator.miniApp.send({ ...init, to: miniApp.url });
  expect((await emulator.miniApp.waitForDelivery(sent.deliveryId)).state).toBe('delivered');
  return (sent.payload as { notificationDetails?: { token: string } }).notificationDetails?.token ?? '';
}

/** POSTs a notification to the emulator's notification route, as the Mini App's backend does. */
async function notify(notificationId: string, tokens: string[], fields: Record<string, unknown> = {}): Promise<number> {
  const body = { notificationId, title: 'Hello', body: 'A body', targetUrl: 'https://app.example.com/', tokens, ...fields };
  const answer = await fetch(`${emulator.url}/_emulator/miniapp/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return answer.status;
}

const texts = (page: Page, selector: string) => page.locator(selector).evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
const top = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!.y;

describe('the emulator page for a Mini App developer, in a real browser', () => {
  it('says it is loading until the first lists arrive, then shows the users, what was refused and why, filters by fid, and puts Mini App panels first', async () => {
    const replaced = await send({ event: 'miniapp_added', fid: 5 });
    const current = await send({ event: 'notifications_enabled', fid: 5 });
    const removed = await send({ event: 'miniapp_added', fid: 6 });
    await send({ event: 'miniapp_removed', fid: 6 });
    await send({ event: 'miniapp_added', fid: 7, notifications: false });
    expect(await notify('hello', [current])).toBe(200);
    expect(await notify('again', [current])).toBe(200); // within the minute: rate-limited
    expect(await notify('old-token', [replaced, removed, 'made-up-token'])).toBe(200);
    expect(await notify('elsewhere', [current], { targetUrl: 'https://other.example/' })).toBe(200);
    expect(await notify('too-long', [current], { title: 'x'.repeat(40) })).toBe(400);

    const page = await browser.newPage({ viewport: { width: 1280, height: 1300 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    // The live stream is held back: what the page says before it connects is what a slow start shows.
    const streamHeld = new Promise<Route>((resolve) => void page.route('**/_emulator/stream?*', resolve));
    await page.goto(`${emulator.url}/`);
    const held = await streamHeld;
    expect(await page.locator('#miniapp-deliveries').textContent()).toBe('Loading…');
    for (const list of ['#users', '#refused', '#received', '#deliveries', '#webhooks'])
      expect(await page.locator(list).textContent()).toBe('Loading…');
    expect(await page.locator('#senders').textContent()).toBe('loading…');
    expect(await page.locator('#publish-senders').textContent()).toBe('Loading the webhooks…');
    expect(await page.locator('body').innerText()).not.toContain('No Mini App event sent yet');
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}emulator-page-loading.png` });
    await held.continue();
    await page.locator('#live.on').waitFor();
    await page.locator('.user[data-fid="5"]').waitFor();

    // The users, as the emulator knows them: each token by its first 8 characters, in its state.
    const tokens = (fid: number) => texts(page, `.user[data-fid="${fid}"] .token`);
    expect(await texts(page, '.user > div:first-child > strong')).toEqual(['fid 5', 'fid 6', 'fid 7']);
    expect(await tokens(5)).toEqual([
      expect.stringMatching(new RegExp(`^${current.slice(0, 8)}… enabled issued [^,]+ · app\\.example\\.com$`)),
      expect.stringMatching(new RegExp(`^${replaced.slice(0, 8)}… replaced issued .+, ended .+`)),
    ]);
    expect(await tokens(6)).toEqual([expect.stringMatching(new RegExp(`^${removed.slice(0, 8)}… removed `))]);
    expect(await tokens(7)).toEqual(['no token issued: notifications are off']);
    expect(await page.locator('.user[data-fid="6"] .last-event').textContent()).toMatch(/^last event miniapp_removed delivered · /);

    // What was refused, newest first: when, whose token, and why.
    expect(await page.locator('.refusal').evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.reason))).toEqual([
      'malformed',
      'domain_mismatch',
      'invalid_token',
      'invalid_token',
      'invalid_token',
      'rate_limited',
    ]);
    const refusal = (reason: string) => page.locator(`.refusal[data-reason="${reason}"]`);
    expect(await refusal('rate_limited').locator('.line').textContent()).toMatch(
      new RegExp(`^rate-limitedfid 5 in client 9152${current.slice(0, 8)}…\\d`),
    );
    expect(await refusal('rate_limited').locator('.why').textContent()).toMatch(
      /^the token received a notification [\d.]+ m?s ago and may receive one per 1 min: send again in /,
    );
    expect(await refusal('domain_mismatch').locator('.why').textContent()).toBe(
      "targetUrl is on other.example, not on app.example.com, the Mini App's domain the token was issued for",
    );
    expect(await texts(page, '.refusal[data-reason="invalid_token"] .why')).toEqual([
      expect.stringContaining('never issued the token'),
      expect.stringContaining('the user removed the Mini App'),
      expect.stringContaining('a newer token replaced it'),
    ]);
    expect(await refusal('malformed').textContent()).toContain('notificationId too-long');
    const body = await page.locator('body').innerText();
    for (const token of [current, replaced, removed]) expect(body).not.toContain(token);

    // Only Mini App traffic: its panels lead both columns.
    expect(await page.locator('main').getAttribute('data-first')).toBe('miniapp');
    expect(await top(page, '#miniapp')).toBeLessThan(await top(page, '#publish'));
    expect(await top(page, '#refused-panel')).toBeLessThan(await top(page, '#deliveries-panel'));
    await page.screenshot({ path: `${SCREENSHOTS}emulator-page-miniapp.png`, fullPage: true });

    // The filter by fid, across the Mini App panels.
    await page.fill('#fid-filter', '6');
    await expect.poll(() => page.locator('.user').count()).toBe(1);
    expect(await page.locator('.user').getAttribute('data-fid')).toBe('6');
    expect(await page.locator('.refusal').evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.fid))).toEqual(['6']);
    expect(await page.locator('#received').textContent()).toBe('Nothing for fid 6.');
    expect(await texts(page, '.delivery.miniapp .head strong')).toEqual(['miniapp_removed', 'miniapp_added']);
    await page.fill('#fid-filter', '5');
    await expect.poll(() => page.locator('.received').count()).toBe(1);
    expect(await page.locator('.refusal').count()).toBe(3);
    await page.fill('#fid-filter', '');
    await expect.poll(() => page.locator('.user').count()).toBe(3);

    // A delivery of the founding service: the senders' panels lead again.
    const webhook = emulator.createWebhook({ endpoint: miniApp.url, filterConfig: { event_type: 'follow.created' } });
    emulator.publish('follow.created');
    await page.locator(`.delivery[data-delivery-id="${emulator.deliveries(webhook.webhookId)[0]!.deliveryId}"]`).waitFor();
    await expect.poll(() => page.locator('main').getAttribute('data-first')).toBe('senders');
    expect(await top(page, '#publish')).toBeLessThan(await top(page, '#miniapp'));
    expect(problems).toEqual([]);
    await page.close();
  });
});

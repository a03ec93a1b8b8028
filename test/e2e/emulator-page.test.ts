import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEYNAR_EVENT_NAMES } from '@social-webhooks/core';
import { startEmulator, type Emulator } from '@social-webhooks/emulator';
import { startMiniAppReceiver } from './miniapp-receiver.js';
import { startNeynarReceiver, type NeynarReceiver } from './neynar-receiver.js';
import { startReceiver, type TestReceiver } from './receivers.js';

// Debian's chromium, driven over CDP by playwright-core (no browser download); `.ci/run` installs it.
const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));

let emulator: Emulator;
let receiver: TestReceiver;
let neynarReceiver: NeynarReceiver;
let browser: Browser;

beforeAll(async () => {
  emulator = await startEmulator({ retry: { attempts: 2, baseDelayMs: 50, timeoutMs: 2000 } });
  receiver = await startReceiver('express');
  neynarReceiver = await startNeynarReceiver();
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--headless', '--disable-gpu'] });
});
afterAll(async () => {
  await browser?.close();
  await emulator?.stop();
  await receiver?.close();
  await neynarReceiver?.close();
});

describe('the emulator page, in a real browser', () => {
  it('opens from the portal link, publishes from its button, shows the answer, replays, and shows the second attempt live', async () => {
    const created = emulator.createWebhook({ endpoint: receiver.url, filterConfig: { event_type: 'follow.created' } });
    receiver.arm({ 'follow.created': created.headerValue });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));

    await page.goto(created.portalLink);
    await page.locator('#live.on').waitFor();
    await expect.poll(() => page.locator(`.webhook.selected[data-webhook-id="${created.webhookId}"]`).count(), { timeout: 10_000 }).toBe(1);

    // Publish offers the selected webhook's event, not the list's first (profile.created), which no webhook hears.
    expect(await page.inputValue('#event')).toBe('follow.created');
    await page.click('#publish-button');
    const delivery = page.locator('.delivery').first();
    await delivery.locator('[data-attempt="1"] .status').filter({ hasText: '200' }).waitFor();
    await expect.poll(() => delivery.getAttribute('data-state'), { timeout: 10_000 }).toBe('delivered');
    const [logged] = emulator.deliveries(created.webhookId);
    const answer = logged!.attempts[0]!.response!;
    expect(answer.status).toBe(200);
    expect(await delivery.locator('[data-attempt="1"] .answer-body').textContent()).toBe(JSON.stringify(JSON.parse(answer.body), null, 2));

    await delivery.locator('button.replay').click();
    await delivery.locator('[data-attempt="2"] .status').filter({ hasText: '200' }).waitFor();
    expect(await delivery.locator('[data-attempt="2"]').textContent()).toContain('replay');
    expect(receiver.handled).toHaveLength(2);
    expect(receiver.handled[1]).toEqual(receiver.handled[0]);

    // The request, with the secret masked, one click away.
    await delivery.locator('[data-attempt="2"] details summary', { hasText: 'Request' }).click();
    const request = await delivery.locator('[data-attempt="2"] details pre').last().textContent();
    expect(request).toContain(`x-convoy-idempotency-key: ${logged!.deliveryId}`);
    expect(request).not.toContain(created.headerValue);

    // A fault from the page: the first attempt is cut before the answer, the retry gets through.
    await page.check('#f-disconnect');
    await page.click('#publish-button');
    const faulted = page.locator('.delivery').first();
    await expect.poll(() => faulted.getAttribute('data-delivery-id'), { timeout: 10_000 }).not.toBe(logged!.deliveryId);
    await faulted.locator('[data-attempt="2"] .status').filter({ hasText: '200' }).waitFor();
    expect(await faulted.locator('[data-attempt="1"] .status').textContent()).toBe('connection cut before the answer (disconnect fault)');
    expect(await faulted.locator('.head').textContent()).toContain('faults: disconnect');

    // Faults for every delivery to the webhook, from the checked boxes; the card shows them live.
    await page.uncheck('#f-disconnect');
    await page.check('#f-duplicate');
    const card = page.locator(`.webhook[data-webhook-id="${created.webhookId}"]`);
    await card.locator('button.set-faults').click();
    await card.locator('.faults', { hasText: 'faults: duplicate' }).waitFor();
    expect(
      await (await fetch(`${emulator.url}/_emulator/webhooks`, { headers: { authorization: 'emulator-api-key' } })).json(),
    ).toMatchObject({ webhooks: [{ faults: { duplicate: true } }] });

    mkdirSync(SCREENSHOTS, { recursive: true });
    const path = `${SCREENSHOTS}emulator-page.png`;
    await page.screenshot({ path, fullPage: true });
    console.log(`screenshot of the emulator page: ${path}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("offers the selected webhook's event to publish, and follows a change of selection", async () => {
    const updates = emulator.createWebhook({ endpoint: receiver.url, filterConfig: { event_type: 'profile.updated' } });
    const deletions = emulator.createWebhook({ endpoint: receiver.url, filterConfig: { event_type: 'follow.deleted' } });
    const page = await browser.newPage();
    await page.goto(updates.portalLink);
    await page.locator(`.webhook.selected[data-webhook-id="${updates.webhookId}"]`).waitFor();
    expect(await page.inputValue('#event')).toBe('profile.updated');

    await page.click(`.webhook[data-webhook-id="${deletions.webhookId}"]`);
    await page.locator(`.webhook.selected[data-webhook-id="${deletions.webhookId}"]`).waitFor();
    expect(await page.inputValue('#event')).toBe('follow.deleted');
    await page.close();
  });

  it('shows Neynar webhooks with their subscriptions and secrets, publishes a Neynar cast, and rotates a secret', async () => {
    const subscription = { 'cast.created': { author_fids: [412037] }, 'follow.created': { target_fids: [3] } };
    const webhook = emulator.neynar.createWebhook({ name: 'gm watcher', url: neynarReceiver.url, subscription });
    neynarReceiver.arm(webhook.secrets);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));

    await page.goto(`${emulator.url}/#webhook=${webhook.webhook_id}`);
    await page.locator('#live.on').waitFor();
    const card = page.locator(`.webhook.neynar[data-webhook-id="${webhook.webhook_id}"]`);
    await expect.poll(() => card.getAttribute('class'), { timeout: 10_000 }).toContain('selected');
    expect(await card.locator('.subscription[data-type="cast.created"]').textContent()).toBe('cast.created {"author_fids":[412037]}');
    expect(await card.textContent()).toContain('active');
    expect(await card.locator('.secrets').textContent()).toBe(`secrets: ${webhook.secrets[0]!.uid} (no end)`);

    // A sample cast by 412037 passes the subscription; the sample follow (of 412037) does not.
    await page.selectOption('#event', 'neynar:cast.created');
    await page.click('#publish-button');
    const delivery = page.locator('.delivery').first();
    await expect.poll(() => delivery.getAttribute('data-state'), { timeout: 10_000 }).toBe('delivered');
    expect(await delivery.locator('.head .badge').textContent()).toBe('Neynar');
    expect(await delivery.locator('[data-attempt="1"] .status').textContent()).toBe('200');
    expect(neynarReceiver.handled.map((event) => event.eventName)).toEqual(['cast.created']);
    await delivery.locator('[data-attempt="1"] details summary', { hasText: 'Request' }).click();
    expect(await delivery.locator('[data-attempt="1"] details pre').last().textContent()).toMatch(/x-neynar-signature: [0-9a-f]{128}/);
    await page.selectOption('#event', 'neynar:follow.created');
    await page.click('#publish-button');
    await page.locator('#publish-note', { hasText: 'Published Neynar follow.created: no webhook matched it.' }).waitFor();

    // Rotation from the page: two secrets listed live; the new one signs, which a receiver holding both verifies.
    await card.locator('button.rotate').click();
    await expect
      .poll(() => card.locator('.secrets').textContent(), { timeout: 10_000 })
      .toMatch(/^secrets: \S+ \(ends .+\), \S+ \(no end\)$/);
    neynarReceiver.arm(emulator.neynar.webhooks().find((item) => item.webhook_id === webhook.webhook_id)!.secrets);
    await page.selectOption('#event', 'neynar:cast.created');
    await page.click('#publish-button');
    await expect.poll(() => neynarReceiver.handled.length, { timeout: 10_000 }).toBe(2);
    expect(neynarReceiver.statuses).toEqual([200, 200]);

    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}emulator-page-neynar.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('speaks every sender: with only a Neynar webhook it offers Neynar’s events, sends a Mini App event, and shows what a user received', async () => {
    const only = await startEmulator({ retry: { attempts: 2, baseDelayMs: 50, timeoutMs: 2000 }, notificationLimits: { intervalMs: 0 } });
    const miniApp = await startMiniAppReceiver(only.miniApp.hubUrl);
    const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    try {
      const webhook = only.neynar.createWebhook({ name: 'casts', url: neynarReceiver.url, subscription: { 'cast.created': {} } });
      neynarReceiver.arm(webhook.secrets);
      await page.goto(`${only.url}/`);
      await page.locator('#live.on').waitFor();
      // The header speaks Neynar, not the founding service; Publish offers Neynar's events only.
      await expect
        .poll(() => page.locator('#senders').textContent(), { timeout: 10_000 })
        .toBe('Neynar: HMAC-SHA512 in x-neynar-signature');
      const offered = await page
        .locator('#event option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      expect(offered).toEqual(NEYNAR_EVENT_NAMES.map((name) => `neynar:${name}`));
      const before = neynarReceiver.handled.length;
      await page.selectOption('#event', 'neynar:cast.created');
      await page.click('#publish-button');
      await page.locator('#publish-note', { hasText: 'Published Neynar cast.created to 1 webhook(s).' }).waitFor();
      await expect.poll(() => page.locator('.delivery').first().getAttribute('data-state'), { timeout: 10_000 }).toBe('delivered');
      expect(neynarReceiver.handled.slice(before).map((event) => event.eventName)).toEqual(['cast.created']);

      // A Mini App event from the page, to the app's webhookUrl: signed, verified through the emulator's hub, delivered.
      await page.fill('#m-to', miniApp.url);
      await page.selectOption('#m-event', 'notifications_enabled');
      await page.fill('#m-fid', '5');
      await page.fill('#m-domain', 'app.example.com');
      await page.click('#miniapp-send');
      await page.locator('#miniapp-note', { hasText: 'Sent notifications_enabled of fid 5 (client 9152), token ' }).waitFor();
      const sent = page.locator('.delivery.miniapp').first();
      await expect.poll(() => sent.getAttribute('data-state'), { timeout: 10_000 }).toBe('delivered');
      expect(await sent.locator('[data-attempt="1"] .status').textContent()).toBe('200');
      expect(miniApp.handled.map((event) => [event.eventName, event.data.fid])).toEqual([['notifications_enabled', 5]]);
      await expect.poll(() => page.locator('#senders').textContent()).toContain('Mini Apps: JSON Farcaster Signatures');

      // The app notifies with the token it was given, then retries with the same id: the user sees it once.
      const details = miniApp.details.get(5)!;
      const notify = () =>
        fetch(details.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            notificationId: 'welcome-5',
            title: 'Welcome',
            body: 'Glad you are here',
            targetUrl: 'https://app.example.com/start',
            tokens: [details.token],
          }),
        }).then(async (answer) => (await answer.json()) as { result: { successfulTokens: string[] } });
      expect((await notify()).result.successfulTokens).toEqual([details.token]);
      const received = page.locator('.received[data-fid="5"]');
      await received.waitFor();
      expect(await received.locator('.title').textContent()).toBe('Welcome');
      expect(await received.locator('.text').textContent()).toBe('Glad you are here');
      expect((await notify()).result.successfulTokens).toEqual([details.token]);
      await received.filter({ hasText: 'repeated 1×, not shown again' }).waitFor();
      expect(await received.count()).toBe(1);

      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}emulator-page-senders.png`, fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await page.close();
      await only.stop();
      await miniApp.close();
    }
  });
});

import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotifier, memoryNotificationHistory, memoryTokenStore } from '@social-webhooks/core';
import { startEmulator, type Emulator } from '@social-webhooks/emulator';
import { startMiniAppReceiver, type MiniAppReceiver } from './miniapp-receiver.js';

// The emulator's Broadcasts view, in Debian's chromium over CDP: what the emulator, playing the
// Farcaster client, answered for a notification, per client and per user, beside what the sender's
// history recorded. They must agree.
const CHROMIUM = '/usr/bin/chromium';

let emulator: Emulator;
let miniApp: MiniAppReceiver;
let browser: Browser;
beforeAll(async () => {
  emulator = await startEmulator({ retry: { attempts: 2, baseDelayMs: 50, timeoutMs: 2000 } });
  miniApp = await startMiniAppReceiver(emulator.miniApp.hubUrl);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--headless', '--disable-gpu'] });
});
afterAll(async () => {
  await browser?.close();
  await emulator?.stop();
  await miniApp?.close();
});

describe('the emulator page’s Broadcasts view', () => {
  it('shows per notification and per client what the emulator answered, equal to the sender’s history, and a user’s timeline, no token shown', async () => {
    const store = memoryTokenStore();
    for (const fid of [3, 4, 5]) {
      const sent = await emulator.miniApp.send({ to: miniApp.url, event: 'notifications_enabled', fid, domain: 'app.example.com' });
      expect((await emulator.miniApp.waitForDelivery(sent.deliveryId)).state).toBe('delivered');
      const { url, token } = miniApp.details.get(fid)!;
      await store.save({ fid, appFid: 9152, url, token });
    }
    // A token the emulator never issued: answered invalid, removed.
    await store.save({ fid: 6, appFid: 9152, url: miniApp.details.get(3)!.url, token: 'never-issued-token' });
    const history = memoryNotificationHistory();
    const report = await createNotifier({ store, history, logger: false }).send(
      { notificationId: 'digest-e2e', title: 'Digest', body: 'Three new casts', targetUrl: 'https://app.example.com/d' },
      { to: 'all' },
    );
    expect(report).toMatchObject({ successful: 3, invalid: 1 });
    const kept = (await history.get('digest-e2e'))!;

    const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    try {
      await page.goto(`${emulator.url}/`);
      await page.locator('#live.on').waitFor();
      const broadcast = page.locator('.broadcast[data-notification-id="digest-e2e"]');
      await broadcast.waitFor();
      const cell = (client: string, count: string) =>
        broadcast.locator(`tr[data-client="${client}"] td[data-count="${count}"]`).textContent();
      expect(await cell('all', 'delivered')).toBe(String(kept.counts.successful));
      expect(await cell('all', 'invalid')).toBe(String(kept.counts.invalid));
      expect(await cell('9152', 'delivered')).toBe(String(kept.byClient['9152']!.successful));
      expect(await cell('unknown', 'invalid')).toBe('1');
      expect(await cell('all', 'rateLimited')).toBe('0');

      await page.fill('#fid-filter', '4');
      const entry = page.locator('#timeline .timeline-entry[data-notification-id="digest-e2e"]');
      await entry.waitFor();
      expect(await entry.getAttribute('data-outcome')).toBe('delivered');
      expect(await page.locator('#timeline h3').textContent()).toBe('Timeline of fid 4');
      const text = (await page.locator('#broadcasts-panel').textContent())!;
      for (const fid of [3, 4, 5]) expect(text).not.toContain(miniApp.details.get(fid)!.token);
      expect(text).not.toContain('never-issued-token');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

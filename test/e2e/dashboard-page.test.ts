import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer, type Server } from 'node:http';
import { Queue } from 'bullmq';
import express5 from 'express5';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullmqHandoff, deadLetters, webhookWorker, type WebhookWorker } from '@social-webhooks/bullmq';
import { createNotifier, memoryNotificationHistory, memoryOpenStore, memoryTokenStore, withOpens } from '@social-webhooks/core';
import { sampleEvent } from '@social-webhooks/core/testing';
import { nodeDashboard } from '@social-webhooks/dashboard/node';
import { FIXTURE_SECRET, FIXTURE_TOKEN, fixtureDeliveries, memoryArchive } from '../support/memory-archive.js';
import { startNotificationClient, type StandInClient } from '../support/notification-client.js';
import { pollUntil } from '../support/queue-processes.js';
import { redisConnection } from '../support/redis-connection.js';
import { startRedis, type RedisServer } from '../support/redis-server.js';
import { fillTokens, range } from '../support/token-fill.js';

// The production page walked in Debian's chromium (playwright-core over CDP, no browser download),
// mounted on Express behind the app's own authentication (a session cookie here), with the dead
// letters of a real BullMQ queue on a real redis-server, an archive of real signed deliveries, and a
// notification history createNotifier wrote while sending to a real stand-in client on loopback.
const CHROMIUM = '/usr/bin/chromium';
const SESSION = 'session=admin-7f3e';
const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));

let redis: RedisServer;
let queue: Queue;
let worker: WebhookWorker;
let server: Server;
let base: string;
let browser: Browser;
let failing = true;
const handled: string[] = [];
const replayed: string[] = [];
let client: StandInClient;
const tokens: string[] = [];

beforeAll(async () => {
  redis = await startRedis();
  queue = new Queue('page-dead-letters', { connection: redisConnection(redis.url) });
  worker = webhookWorker({
    queueName: 'page-dead-letters',
    connection: redisConnection(redis.url),
    onError: () => undefined,
    on: {
      'follow.created': (event) => {
        if (failing) throw new Error('the database is down');
        handled.push(String(event.data.id));
      },
    },
  });
  client = await startNotificationClient();
  const store = memoryTokenStore();
  tokens.push(...(await fillTokens(store, client, range(12), 9152)));
  client.revoke(tokens[0]!);
  const history = memoryNotificationHistory();
  const opens = memoryOpenStore();
  const notifier = createNotifier({ store, history, logger: false, domain: 'app.example.com' });
  await notifier.send(
    { notificationId: 'launch-1', title: 'Launch', body: 'We are live', targetUrl: 'https://app.example.com/l' },
    { to: 'all' },
  );
  await opens.record({ notificationId: 'launch-1', fid: 2, clientFid: 9152, at: Date.now() });
  const app = express5();
  app.use(
    nodeDashboard({
      basePath: '/admin',
      authorize: (request) => (request.headers.get('cookie') ?? '').split('; ').includes(SESSION),
      archive: memoryArchive(await fixtureDeliveries(Date.now())),
      deadLetters: deadLetters(queue),
      replay: (ids) => Promise.resolve(void replayed.push(...ids)),
      history: withOpens(history, opens),
    }),
  );
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/admin`;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--headless', '--disable-gpu'] });
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await worker?.close();
  await queue?.close();
  await redis?.stop();
  await client?.close();
});

describe('the production page, in a real browser', () => {
  it('is refused without the app’s authentication, shown with it; retries a dead letter that then runs; shows no token', async () => {
    const handoff = bullmqHandoff({ queue, attempts: 2, backoffMs: 10 });
    await handoff.enqueue({
      event: { eventName: 'follow.created', data: { ...sampleEvent('follow.created').data, id: 'lost-1' } },
      key: 'follow.created:id:lost-1',
      carrier: {},
      receivedAt: Date.now(),
      sender: 'airstack',
    });
    await pollUntil(
      () => queue.getFailedCount(),
      (count) => count === 1,
    );

    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    // Without the session: 401, JSON, no page.
    const refused = await page.goto(`${base}/dead-letters`);
    expect(refused?.status()).toBe(401);
    expect(JSON.parse(await page.innerText('body'))).toMatchObject({ error: 'unauthorized' });
    expect(await page.locator('table').count()).toBe(0);

    // With it: the overview, then the dead letters from its link.
    await context.addCookies([{ name: 'session', value: 'admin-7f3e', url: base }]);
    const shown = await page.goto(base);
    expect(shown?.status()).toBe(200);
    expect(await page.locator('#hourly th').allInnerTexts()).toEqual(
      expect.arrayContaining(['airstack handler_failed', 'miniapp handled', 'neynar handled']),
    );
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}dashboard-overview.png`, fullPage: true });
    await page.click('a[href="/admin/dead-letters"] >> nth=0');
    await page.screenshot({ path: `${SCREENSHOTS}dashboard-dead-letters.png`, fullPage: true });
    const row = page.locator('tr[data-id="follow.created%3Aid%3Alost-1"]');
    expect(await row.locator('td.bad').innerText()).toBe('the database is down');

    // Retry it from its button, once the handler is fixed: the job runs, and leaves the list.
    failing = false;
    await row.locator('button.retry').click();
    await page.waitForURL(`${base}/dead-letters?notice=retried`);
    expect(await page.locator('.notice').innerText()).toContain('Moved back to its queue');
    await pollUntil(
      async () => handled.length,
      (count) => count === 1,
    );
    expect(handled).toEqual(['lost-1']);
    await page.reload();
    expect(await page.locator('section[data-queue="page-dead-letters"] h3').innerText()).toBe('page-dead-letters: 0 dead letters');

    // A Mini App delivery's detail: the decoded payload with its token masked, nowhere in the HTML.
    await page.goto(`${base}/deliveries?sender=miniapp`);
    await page.click('tr[data-id="d-miniapp"] a');
    expect(await page.locator('#body').innerText()).toContain('"token": "[masked]"');
    await page.screenshot({ path: `${SCREENSHOTS}dashboard-delivery.png`, fullPage: true });
    const html = await page.content();
    expect(html).not.toContain(FIXTURE_TOKEN);
    expect(html).not.toContain(FIXTURE_SECRET);

    // Replay a failure from its button.
    await page.goto(`${base}/failures`);
    await page.locator('tr[data-id="d-founding"] button.replay').click();
    await page.waitForURL(`${base}/deliveries/d-founding?notice=replayed`);
    expect(replayed).toEqual(['d-founding']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('walks the broadcasts, a broadcast by client and reason, and a user’s timeline from its form, with no token', async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'session', value: 'admin-7f3e', url: base }]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(base);
    await page.click('header a[href="/admin/broadcasts"]');
    const row = page.locator('tr[data-id="launch-1"]');
    // Delivered, already sent, invalid, rate-limited, failed, expired, remaining, cancelled; opens, unique.
    expect(await row.locator('td.n').allInnerTexts()).toEqual(['11', '0', '1', '0', '0', '0', '0', '0', '1', '1']);
    await page.screenshot({ path: `${SCREENSHOTS}dashboard-broadcasts.png`, fullPage: true });
    await row.locator('a').click();
    await page.waitForURL(`${base}/broadcasts/launch-1`);
    expect(await page.locator('tr[data-client="9152"] td').first().innerText()).toBe('9152');
    expect(await page.locator('#opens').innerText()).toContain('1 opens by 1 users');

    await page.click('header a[href="/admin/timeline"]');
    await page.fill('input[name="fid"]', '1');
    await page.click('form button[type="submit"]');
    await page.waitForURL(`${base}/timeline?fid=1`);
    expect(await page.locator('#timeline tr[data-id="launch-1"] td').nth(4).innerText()).toBe('invalid');
    await page.screenshot({ path: `${SCREENSHOTS}dashboard-timeline.png`, fullPage: true });
    for (const path of ['/broadcasts', '/broadcasts/launch-1', '/timeline?fid=1', '/timeline?fid=2']) {
      await page.goto(`${base}${path}`);
      const html = await page.content();
      for (const token of tokens) expect(html).not.toContain(token);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

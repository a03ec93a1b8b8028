import {
  createNotifier,
  memoryNotificationHistory,
  memoryOpenStore,
  memoryTokenStore,
  withOpens,
  type NotificationHistory,
} from '@social-webhooks/core';
import { dashboardHandler, type NotificationHistoryReader } from '@social-webhooks/dashboard';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { fillTokens, range } from './support/token-fill.js';

// The page's Broadcasts, a broadcast's detail and a user's timeline, read from a notification history
// that createNotifier wrote while sending to two real stand-in clients on loopback (one refusing every
// token for its domain), joined with opens: newest first and paged, counted by outcome, reason and
// client, and never showing a token's value.
const WARPCAST = 9152;
const OTHER = 309857;
const request = (path: string) => new Request(`https://app.example${path}`);

describe('the page’s broadcasts and timelines', () => {
  const clients: StandInClient[] = [];
  const tokens: string[] = [];
  const history = memoryNotificationHistory();
  const opens = memoryOpenStore();
  let page: (path: string) => Promise<Response>;

  beforeAll(async () => {
    const store = memoryTokenStore();
    const good = await startNotificationClient();
    const other = await startNotificationClient({ domain: 'other.example.com' });
    clients.push(good, other);
    tokens.push(...(await fillTokens(store, good, range(30), WARPCAST)));
    tokens.push(...(await fillTokens(store, good, range(21, 201), WARPCAST)));
    tokens.push(...(await fillTokens(store, other, range(10, 101), OTHER)));
    good.revoke(tokens[0]!);
    const notifier = createNotifier({ store, history, logger: false, retryDelayMs: 10, domain: 'app.example.com' });
    const launch = { notificationId: 'launch-1', title: 'Launch <b>day</b>', body: 'We are live', targetUrl: 'https://app.example.com/l' };
    await notifier.send(launch, { to: [...range(30), ...range(10, 101)] });
    // 21 more, to one user each (users 201 to 221, whom the launch left out: a token takes one
    // notification per 30 s), a millisecond apart: the list's second page holds the launch.
    for (let index = 1; index <= 21; index++) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      const notification = { notificationId: `tip-${index}`, title: `Tip ${index}`, body: 'A tip', targetUrl: 'https://app.example.com/t' };
      await notifier.send(notification, { to: [200 + index] });
    }
    for (const [fid, clientFid] of [
      [3, WARPCAST],
      [3, WARPCAST],
      [4, WARPCAST],
    ] as const)
      await opens.record({ notificationId: 'launch-1', fid, clientFid, at: Date.now() });
    const handle = dashboardHandler({ authorize: () => true, history: withOpens(history, opens) });
    page = (path) => handle(request(path));
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  const text = async (path: string) => {
    const response = await page(path);
    expect([path, response.status]).toEqual([path, 200]);
    return response.text();
  };
  const noToken = (html: string) => {
    for (const token of tokens) expect(html).not.toContain(token);
  };

  it('lists broadcasts newest first, 20 a page, with counts by outcome and opens', async () => {
    const first = await text('/webhooks-admin/broadcasts');
    const ids = [...first.matchAll(/<tr data-id="([^"]+)">/g)].map((match) => match[1]);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, index) => `tip-${21 - index}`));
    expect(first).toMatch(/<th>Opens<\/th>\s*<th>Unique opens<\/th>/);
    const older = first.match(/<a href="(\/webhooks-admin\/broadcasts\?cursor=[^"]+)">Older<\/a>/)?.[1];
    expect(older).toBeDefined();
    const second = await text(older!.replaceAll('&amp;', '&'));
    expect([...second.matchAll(/<tr data-id="([^"]+)">/g)].map((match) => match[1])).toEqual(['tip-1', 'launch-1']);
    // launch-1: 29 delivered, 1 invalid (revoked), 10 failed for the other domain; 3 opens by 2 users.
    const row = second.slice(second.indexOf('<tr data-id="launch-1">'));
    const cells = [...row.slice(0, row.indexOf('</tr>')).matchAll(/<td class="n[^"]*">(\d+)<\/td>/g)].map((match) => Number(match[1]));
    expect(cells).toEqual([29, 0, 1, 0, 10, 0, 0, 0, 3, 2]);
    expect(second).toContain('Launch &lt;b&gt;day&lt;/b&gt;');
    expect(second).not.toContain('<b>day</b>');
    noToken(first + second);
  });

  it('shows a broadcast by reason and by client, and its opens, with no token', async () => {
    const detail = await text('/webhooks-admin/broadcasts/launch-1');
    expect(detail).toMatch(/<table id="reasons">[\s\S]*<td>domain_mismatch<\/td>\s*<td class="n">10<\/td>/);
    expect(detail).toContain(`<tr data-client="${WARPCAST}">`);
    expect(detail).toContain(`<tr data-client="${OTHER}">`);
    expect(detail).toContain('3 opens by 2 users');
    noToken(detail);
    expect((await page('/webhooks-admin/broadcasts/nope')).status).toBe(404);
    expect((await page('/webhooks-admin/broadcasts/%E0')).status).toBe(404);
  });

  it('shows a user’s timeline from a GET form, and refuses a FID that is not one', async () => {
    const empty = await text('/webhooks-admin/timeline');
    expect(empty).toMatch(/<form method="get" action="\/webhooks-admin\/timeline">/);
    const two = await text('/webhooks-admin/timeline?fid=2');
    expect([...two.matchAll(/<tr data-id="([^"]+)">/g)].map((match) => match[1])).toEqual(['launch-1']);
    const tipped = await text('/webhooks-admin/timeline?fid=201');
    expect([...tipped.matchAll(/<tr data-id="([^"]+)">/g)].map((match) => match[1])).toEqual(['tip-1']);
    const one = await text('/webhooks-admin/timeline?fid=1');
    expect(one).toMatch(/<td class="">invalid<\/td>/);
    noToken(empty + two + tipped + one);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const response = await page(`/webhooks-admin/timeline?fid=${bad}`);
      expect([bad, response.status, ((await response.json()) as { error: string }).error]).toEqual([bad, 400, 'invalid_request']);
    }
    expect((await page('/webhooks-admin/broadcasts?cursor=bad')).status).toBe(400);
  });

  it('says so without a history, fails closed on a history that cannot be read, and refuses one of the wrong shape', async () => {
    const without = dashboardHandler({ authorize: () => true });
    expect(await (await without(request('/webhooks-admin/broadcasts'))).text()).toContain('No notification history given');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const down = (): Promise<never> => Promise.reject(new Error('redis down'));
    const broken: Pick<NotificationHistory, 'list' | 'get' | 'timeline'> = { list: down, get: down, timeline: down };
    const handle = dashboardHandler({ authorize: () => true, history: broken });
    for (const path of ['/webhooks-admin/broadcasts', '/webhooks-admin/broadcasts/launch-1', '/webhooks-admin/timeline?fid=3']) {
      const response = await handle(request(path));
      expect([response.status, await response.json()]).toEqual([503, { error: 'history_unavailable', message: expect.any(String) }]);
    }
    logged.mockRestore();
    expect(() => dashboardHandler({ authorize: () => true, history: {} as NotificationHistoryReader })).toThrow(
      /^@social-webhooks\/dashboard: `history` must be the notification history/,
    );
  });
});

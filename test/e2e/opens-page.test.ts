import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@farcaster/quick-auth';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryOpenStore } from '@social-webhooks/core';
import { openReceiver } from '@social-webhooks/opens';
import type { reportOpen as reportOpenType } from '@social-webhooks/opens/page';
import { startQuickAuthIssuer, type QuickAuthIssuer } from '../support/quick-auth-keys.js';

// The page helper in a real browser: `@social-webhooks/opens/page` bundled as a Mini App's bundler
// would (esbuild, for the browser, minified), loaded by Debian's Chromium (driven by playwright-core)
// from a loopback server that also mounts the real opens receiver. The page's `sdk` plays the Mini
// App SDK's two parts that reportOpen takes: `context`, and `quickAuth.fetch`, which adds the user's
// token (signed by a key the test holds, verified by quick-auth's code on the server).
const CHROMIUM = '/usr/bin/chromium';
const DOMAIN = 'app.example.com';

let issuer: QuickAuthIssuer;
let browser: Browser;
let server: Server;
let origin: string;
let bundle: string;
const store = memoryOpenStore();
// The Mini App's page: its bundle imports the helper, as an app's own code would.
const PAGE = `<!doctype html><title>Mini App</title><p>app</p>
<script type="module">import { reportOpen } from '/report-open.js'; window.reportOpen = reportOpen;</script>`;

beforeAll(async () => {
  issuer = await startQuickAuthIssuer();
  const built = await build({
    entryPoints: [new URL('../../packages/opens/src/page/index.ts', import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  });
  bundle = built.outputFiles[0]!.text;
  const receive = openReceiver({ domain: DOMAIN, store, verify: createClient({ origin: issuer.origin }).verifyJwt, logger: false });
  server = createServer(async (req, res) => {
    if (req.url === '/report-open.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    if (req.url !== '/api/opens') return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers(Object.entries(req.headers).map(([name, value]): [string, string] => [name, String(value)]));
    const answer = await receive(
      new Request(`http://${DOMAIN}/api/opens`, {
        method: req.method!,
        headers,
        ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
      }),
    );
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--headless', '--disable-gpu'] });
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await issuer?.close();
});

/** A page of the Mini App, its errors kept: reportOpen must never throw into it. */
async function miniAppPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(origin);
  await page.waitForFunction(() => 'reportOpen' in window);
  return { page, problems };
}

/** Runs reportOpen in the page with a context and a Quick Auth fetch carrying `token`, to `url`. */
const report = (page: Page, input: { context: unknown; token: string; url: string }) =>
  page.evaluate(async ({ context, token, url }) => {
    const { reportOpen } = window as unknown as { reportOpen: typeof reportOpenType };
    const sdk = {
      context: Promise.resolve(context),
      quickAuth: {
        fetch: (input: string, init: RequestInit) =>
          fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } }),
      },
    };
    return reportOpen({ context: (await sdk.context) as never, fetch: sdk.quickAuth.fetch, url });
  }, input);

const fromNotification = (notificationId: string, clientFid = 9152) => ({
  user: { fid: 4 },
  client: { clientFid, added: true },
  location: { type: 'notification', notification: { notificationId, title: 'Digest', body: 'Your daily digest' } },
});

describe('reportOpen, in Chromium', () => {
  it("reports an open from a notification, recorded for the token's FID; a second open counts, not as unique", async () => {
    const { page, problems } = await miniAppPage();
    const token = await issuer.sign({ fid: 3, domain: DOMAIN });
    expect(await report(page, { context: fromNotification('digest-7'), token, url: '/api/opens' })).toBe(true);
    expect(await report(page, { context: fromNotification('digest-7'), token, url: '/api/opens' })).toBe(true);
    expect(await store.counts('digest-7')).toEqual({ opens: 2, uniqueOpens: 1, byClient: { '9152': { opens: 2, uniqueOpens: 1 } } });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('does nothing, and resolves false, when the app was not opened from a notification', async () => {
    const { page, problems } = await miniAppPage();
    const token = await issuer.sign({ fid: 3, domain: DOMAIN });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    for (const context of [{ location: { type: 'launcher' } }, { location: undefined }, undefined]) {
      expect(await report(page, { context, token, url: '/api/opens' })).toBe(false);
    }
    expect(requests.filter((url) => url.endsWith('/api/opens'))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('resolves false, never throwing into the page, when the receiver refuses the token or cannot be reached', async () => {
    const { page, problems } = await miniAppPage();
    const forOtherApp = await issuer.sign({ fid: 3, domain: 'other.example.com' });
    expect(await report(page, { context: fromNotification('digest-8'), token: forOtherApp, url: '/api/opens' })).toBe(false);
    const token = await issuer.sign({ fid: 3, domain: DOMAIN });
    expect(await report(page, { context: fromNotification('digest-8'), token, url: 'http://127.0.0.1:9/api/opens' })).toBe(false);
    expect(await store.counts('digest-8')).toEqual({ opens: 0, uniqueOpens: 0, byClient: {} });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is small: the page helper bundled and minified for the browser', () => {
    // Printed for docs/notifications.md's figure; asserted only to stay a helper, not a library.
    console.log(`reportOpen bundled and minified: ${Buffer.byteLength(bundle)} bytes`);
    expect(Buffer.byteLength(bundle)).toBeLessThan(2048);
    expect(bundle).not.toMatch(/node:|require\(/);
  });
});

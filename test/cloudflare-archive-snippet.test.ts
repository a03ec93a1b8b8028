import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { cloudflareNotificationHistory, type D1Like } from '@social-webhooks/cloudflare';
import { buildNeynarDelivery } from '@social-webhooks/core/testing';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterEach, describe, expect, it } from 'vitest';
import { programsOf } from './support/snippet-programs.js';

// docs/deploy-cloudflare.md's Worker with the archive and the history, as pasted (test/cloudflare-snippets.test.ts
// type-checks it with the page's other programs): bundled as wrangler bundles a Worker and run on workerd
// through Miniflare on a D1 database kept on disk, so the Worker deployed with the bug and the one
// deployed with the fix share it.
const FILE = 'docs/deploy-cloudflare.md';
const HEADING = 'The notification history and the archive of deliveries';
const { programs } = programsOf(FILE);

let miniflare: Miniflare | undefined;
let printed = '';
afterEach(async () => {
  await miniflare?.dispose();
  miniflare = undefined;
  printed = '';
});
const capture = (stdout: Readable, stderr: Readable) => {
  stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
};

async function bundle(code: string): Promise<string> {
  const result = await build({
    stdin: { contents: code, loader: 'ts', resolveDir: fileURLToPath(new URL('.', import.meta.url)), sourcefile: 'snippet.ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['source'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe(`${FILE} › ${HEADING}`, () => {
  it('archives a delivery its handler failed, replays it once the fix is deployed, and lists the history', async () => {
    const persist = mkdtempSync(join(tmpdir(), 'cloudflare-archive-snippet-'));
    const script = await bundle(programs.find(({ name }) => name === `${FILE} › ${HEADING}`)!.code);
    const worker = (CAST_BUG: string) =>
      new Miniflare({
        modules: true,
        script,
        compatibilityDate: '2025-01-01',
        d1Databases: { DB: 'archive-db' },
        d1Persist: persist,
        bindings: { NEYNAR_WEBHOOK_SECRET: 'guide-secret', ADMIN_TOKEN: 'admin-token', CAST_BUG },
        handleRuntimeStdio: capture,
      });
    const since = new Date().toISOString();
    // The bug deployed: the cast fails (500, archived as handler_failed); a forgery is refused and never archived.
    miniflare = worker('1');
    let url = await miniflare.ready;
    const lost = await buildNeynarDelivery({ secret: 'guide-secret', type: 'cast.created', data: { hash: '0xlost', author: { fid: 3 } } });
    expect((await fetch(new URL('/webhook', url), { method: 'POST', ...lost })).status).toBe(500);
    const forged = await buildNeynarDelivery({ secret: 'forged', type: 'cast.created', data: { hash: '0xforged', author: { fid: 3 } } });
    expect((await fetch(new URL('/webhook', url), { method: 'POST', ...forged })).status).toBe(401);
    await miniflare.dispose();
    // The fix deployed, on the same database: a dry run, the replay, and a second replay that finds it handled.
    miniflare = worker('0');
    url = await miniflare.ready;
    const admin = (path: string) => fetch(new URL(path, url), { method: 'POST', headers: { authorization: 'Bearer admin-token' } });
    expect((await fetch(new URL('/replay', url), { method: 'POST' })).status).toBe(403);
    const window = `since=${encodeURIComponent(since)}`;
    expect(await (await admin(`/replay?${window}&dryRun=1`)).json()).toMatchObject({ matched: 1, replayed: 1, dryRun: true });
    expect(await (await admin(`/replay?${window}`)).json()).toMatchObject({ matched: 1, replayed: 1, failed: 0 });
    expect(await (await admin(`/replay?${window}`)).json()).toMatchObject({ matched: 1, replayed: 0, skipped: 1 });
    await expect.poll(() => printed).toContain('cast 0xlost handled (replay)');
    expect(printed.match(/cast 0xlost handled/g)).toHaveLength(1);
    expect(printed).not.toContain('0xforged');
    // The history the senders write, read by the Worker's admin route.
    const history = cloudflareNotificationHistory({ d1: (await miniflare.getD1Database('DB')) as unknown as D1Like });
    const entries = [{ fid: 3, client: '9152', outcome: 'successful' as const, final: true }];
    await history.record({
      notification: { notificationId: 'digest-1', title: 'Digest', body: 'Today', targetUrl: 'https://app.example.com/' },
      at: Date.now(),
      entries,
    });
    const listed = await fetch(new URL('/broadcasts', url), { headers: { authorization: 'Bearer admin-token' } });
    expect(await listed.json()).toMatchObject({ broadcasts: [{ notificationId: 'digest-1', counts: { successful: 1 } }] });
  });
});

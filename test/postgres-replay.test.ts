import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { replay } from '@social-webhooks/core';
import { buildNeynarDelivery } from '@social-webhooks/core/testing';
import { webhookHandler } from '@social-webhooks/node';
import { migrate, postgresDeliveryArchive } from '@social-webhooks/postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { eventually, kill } from './support/queue-processes.js';
import { usePostgres } from './support/postgres-clients.js';
import { handledTable, postgresReplayApp, REPLAY_SECRET } from './support/postgres-replay-app.js';
import { postgresBinaries } from './support/postgres-server.js';

// The judge on a real PostgreSQL server (dedupe, the archive and the handler's writes in it)
// and a real loopback server, as test/redis-replay.test.ts runs it on Redis: a handler fails for a window
// of deliveries answered 202 (respondWithin, so the sender does not retry), is fixed, and the window
// is replayed: every lost event handled exactly once, none twice, no forgery archived; and a replay
// in a child process SIGKILLed midway, then run again, goes on where it stopped.
const RUNNER = fileURLToPath(new URL('./support/postgres-replay-run.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(postgresBinaries === undefined)('replaying a window of lost deliveries from the Postgres archive', () => {
  const db = usePostgres();
  const children: ChildServer[] = [];
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** Runs a receiver on a loopback port; the handler fails while `broken.value`. */
  async function receiver(prefix: string, broken: { value: boolean }) {
    await migrate({ client: db.pool, prefix });
    await db.pool.query(`CREATE TABLE ${handledTable(prefix)} (n serial PRIMARY KEY, line text NOT NULL)`);
    const server = createServer(webhookHandler(postgresReplayApp(db.pool, prefix, () => broken.value)));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return async (hash: string, { secret = REPLAY_SECRET, id = hash } = {}) => {
      const { headers, body } = await buildNeynarDelivery({ secret, type: 'cast.created', data: { hash, author: { fid: 3 } } });
      const response = await fetch(`http://127.0.0.1:${port}/webhook`, {
        method: 'POST',
        headers: { ...headers, 'x-convoy-idempotency-key': id },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    };
  }

  /** Delivers `ok-*`, a window of `lost-*` while broken, then `after-*`; answers the window's bounds. */
  async function lose(prefix: string, lost: number) {
    const broken = { value: false };
    const send = await receiver(prefix, broken);
    for (const hash of ['ok-1', 'ok-2']) expect(await send(hash)).toBe(202);
    await sleep(250);
    const since = Date.now();
    broken.value = true;
    for (let index = 1; index <= lost; index++) expect(await send(`lost-${index}`)).toBe(202);
    // A forgery in the window: refused, and never archived nor replayed.
    expect(await send('forged-1', { secret: 'not-the-secret' })).toBe(401);
    await sleep(250);
    broken.value = false;
    // Handled in the window's end, then delivered again by the sender: archived twice, handled once.
    expect(await send('edge-1')).toBe(202);
    await sleep(250);
    expect(await send('edge-1')).toBe(200);
    const until = Date.now();
    expect(await send('after-1')).toBe(202);
    await sleep(250);
    return { since, until };
  }

  const handled = async (prefix: string) =>
    (await db.pool.query<{ line: string }>(`SELECT line FROM ${handledTable(prefix)} ORDER BY n`)).rows.map((row) => row.line);
  const counts = (lines: readonly string[]) => {
    const by = new Map<string, number>();
    for (const line of lines) by.set(line.split(' ')[0]!, (by.get(line.split(' ')[0]!) ?? 0) + 1);
    return Object.fromEntries(by);
  };

  it('handles every lost event exactly once after the replay, none twice, and archives no forgery', async () => {
    const prefix = 'judge_';
    const { since, until } = await lose(prefix, 6);
    expect(await handled(prefix)).toEqual(['ok-1', 'ok-2', 'edge-1', 'after-1']);
    const archive = postgresDeliveryArchive({ client: db.pool, prefix });
    const window = await archive.list({ since, until, order: 'asc', limit: 1000 });
    expect(window.deliveries.map((d) => [d.event.data['hash'], d.code])).toEqual([
      ...Array.from({ length: 6 }, (_, index) => [`lost-${index + 1}`, 'handler_failed']),
      ['edge-1', 'handled'],
      ['edge-1', 'duplicate'],
    ]);
    const all = await archive.list({ limit: 1000 });
    expect(all.deliveries.some((d) => d.event.data['hash'] === 'forged-1')).toBe(false);

    const options = postgresReplayApp(db.pool, prefix, () => false);
    const dry = await replay({ receiver: options, since, until, dryRun: true });
    expect(dry).toMatchObject({ matched: 8, replayed: 6, skipped: 2, dryRun: true });
    expect(await handled(prefix)).toHaveLength(4);

    const report = await replay({ receiver: options, since, until, ratePerSecond: 200 });
    expect(report).toMatchObject({ matched: 8, replayed: 6, skipped: 2, failed: 0 });
    const lines = await handled(prefix);
    expect(lines.filter((line) => line.startsWith('lost-')).sort()).toEqual(
      Array.from({ length: 6 }, (_, index) => `lost-${index + 1} replay`).sort(),
    );
    expect(Object.values(counts(lines)).every((count) => count === 1)).toBe(true);
    // Replayed again, or the whole archive: nothing runs twice.
    expect(await replay({ receiver: options, ratePerSecond: 200 })).toMatchObject({ replayed: 0, failed: 0 });
    expect(await handled(prefix)).toEqual(lines);
  });

  it('a replay SIGKILLed midway and run again goes on after its checkpoint and handles no event twice', async () => {
    const prefix = 'killed_';
    const lost = 30;
    const { since, until } = await lose(prefix, lost);
    const env = {
      DATABASE_URL: db.server.url,
      PREFIX: prefix,
      SINCE: String(since),
      UNTIL: String(until),
      CHECKPOINT: 'fix-1',
      RATE: '5',
    };
    const doomed = await startChildServer(process.execPath, ['--import', 'tsx', '--conditions=source', RUNNER], {
      cwd: ROOT,
      env,
      ready: /^(READY)$/,
    });
    children.push(doomed);
    const replayedLines = () => doomed.lines.filter((line) => line.startsWith('DELIVERY ')).length;
    expect(await eventually(() => replayedLines() >= 8, 30_000)).toBe(true);
    await kill(doomed);
    const before = (await handled(prefix)).filter((line) => line.endsWith(' replay'));
    expect(before.length).toBeGreaterThanOrEqual(8);
    expect(before.length).toBeLessThan(lost);

    const archive = postgresDeliveryArchive({ client: db.pool, prefix });
    const saved = await archive.checkpoint('fix-1');
    expect(saved?.replayed).toBeGreaterThanOrEqual(8);
    const report = await replay({
      receiver: postgresReplayApp(db.pool, prefix, () => false),
      since,
      until,
      checkpoint: 'fix-1',
      ratePerSecond: 200,
    });
    expect(report.resumedAfter).toBe(saved!.after);
    expect(report.matched).toBeLessThan(lost + 2);
    const lines = await handled(prefix);
    const lostLines = lines.filter((line) => line.startsWith('lost-'));
    expect(lostLines).toHaveLength(lost);
    expect(new Set(lostLines.map((line) => line.split(' ')[0])).size).toBe(lost);
    expect(Object.values(counts(lines)).every((count) => count === 1)).toBe(true);
  });
});

import { fileURLToPath } from 'node:url';
import { createBroadcasts, type BroadcastRecordStore, type NotificationLimiter, type NotificationTokenStore } from '@social-webhooks/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notificationOf } from './broadcast-helpers.js';
import { startChildServer, type ChildServer } from './child-server.js';
import { startNotificationClient, type StandInClient } from './notification-client.js';
import { eventually, kill } from './queue-processes.js';
import { fillTokens, range } from './token-fill.js';

const RUNNER = fileURLToPath(new URL('./broadcast-run.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USERS = 1_500;

/** The stores of a backend under `prefix`, as support/broadcast-run.ts builds them in its process. */
export interface KillBackend {
  stores(prefix: string): { store: NotificationTokenStore; limiter: NotificationLimiter; records: BroadcastRecordStore };
  /** What the child needs to reach the same backend: BACKEND and its URL variables. */
  env(): Record<string, string>;
  /** The prefix to use, when the backend needs it prepared (tables migrated); else a fresh one. */
  readonly prefix?: string;
}

/**
 * A run of a 1,500-user broadcast in a child process, SIGKILLed at about a third (7 of its about 21
 * batches answered, each answer held 100 ms on its way, so the kill lands between a delivery and our
 * record of it), then `run()` here until done: every user notified exactly once by the strict
 * client's count, none lost, and the progress counting each user once.
 */
export function killedRunTest(name: string, backend: () => KillBackend): void {
  let client: StandInClient;
  const children: ChildServer[] = [];
  beforeAll(async () => {
    client = await startNotificationClient();
  });
  afterAll(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await client?.close();
  });

  it(`a run SIGKILLed at a third is continued by the next run, which sends only what was left (${name})`, async () => {
    const { stores, env, prefix = `killed${Date.now() % 100_000}_` } = backend();
    const { store, limiter, records } = stores(prefix);
    const fids = range(USERS, 1);
    await fillTokens(store, client, fids);
    const broadcasts = createBroadcasts({ store, limiter, records, timeoutMs: 2_000, leaseMs: 3_000, logger: false });
    const id = `killed-${prefix}`;
    await broadcasts.start(notificationOf(id), { to: 'all' });

    const doomed = await startChildServer(process.execPath, ['--import', 'tsx', '--conditions=source', RUNNER], {
      cwd: ROOT,
      env: { ...env(), PREFIX: prefix, DELAY_MS: '100', CONCURRENCY: '1' },
      ready: /^(READY)$/,
    });
    children.push(doomed);
    const batches = () => doomed.lines.filter((line) => line.startsWith('BATCH ')).length;
    expect(await eventually(() => batches() >= 7, 30_000)).toBe(true);
    await kill(doomed);
    const before = await broadcasts.get(id);
    expect(before).toMatchObject({ done: false });
    expect(before!.targets).toBeLessThan(USERS);

    // The dead run's lease runs out (leaseMs 3 s) before the next run may take the broadcast over.
    let runs = 0;
    for (let run = await broadcasts.run({ timeLimitMs: 30_000 }); !run.done; run = await broadcasts.run({ timeLimitMs: 30_000 })) {
      expect(++runs).toBeLessThan(100);
      if (run.busy.length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const missing = fids.filter((fid) => client.delivered.get(`${fid}:${id}`) !== 1);
    expect(missing).toEqual([]);
    expect(client.violations).toEqual([]);
    // Sent again: at most the step in flight at the kill (concurrency 2 of 100 tokens), deduped by the client.
    expect(client.duplicates).toBeLessThanOrEqual(200);
    const progress = (await broadcasts.get(id))!;
    expect(progress).toMatchObject({ done: true, invalid: 0, failed: {}, remaining: 0, rateLimited: 0, retrying: 0, unsent: 0 });
    expect(progress.runs).toBeGreaterThanOrEqual(2);
    // The step the kill cut short was never saved: its users are read again and counted once, as
    // successful (the client had or had not delivered) or alreadySent (our record had confirmed them).
    expect(progress.successful + progress.alreadySent).toBe(progress.targets);
    expect(progress.targets).toBeGreaterThanOrEqual(USERS);
    expect(progress.targets - USERS).toBeLessThanOrEqual(200);
    console.log(
      `${name}: SIGKILL after ${before!.targets} targets saved (${before!.successful} successful): ${client.duplicates} tokens re-sent and deduped by the client, ${progress.alreadySent} skipped by our record, ${progress.targets - USERS} read twice`,
    );
  }, 120_000);
}

import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterEach, describe, expect, it } from 'vitest';
import { cloudflareNotificationHistory, type DurableObjectNamespaceLike } from '@social-webhooks/cloudflare';
import { buildNeynarDelivery, neynarSampleEvent } from '@social-webhooks/core/testing';
import { itCompilesPrograms } from './support/compile-snippets.js';
import { codeBlocks } from './support/markdown.js';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { programsOf } from './support/snippet-programs.js';
import { bundleWorker } from './support/runtimes.js';
import { range } from './support/token-fill.js';

// docs/deploy-cloudflare.md as pasted: each program type-checked under the house's strict flags,
// bundled as wrangler bundles a Worker and run on workerd through Miniflare with the bindings the
// page names (D1, the Durable Object, the queues, the cron); the toml is the example's file and the
// excerpt is in the example's source, whose own tests run them.
const FILE = 'docs/deploy-cloudflare.md';
const root = fileURLToPath(new URL('..', import.meta.url));
const { programs, excluded } = programsOf(FILE);
const program = (heading: string) => programs.find((found) => found.name === `${FILE} › ${heading}`)!.code;

let miniflare: Miniflare | undefined;
let client: StandInClient | undefined;
let printed = '';
afterEach(async () => {
  await miniflare?.dispose();
  await client?.close();
  miniflare = client = undefined;
  printed = '';
});

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
const capture = (stdout: Readable, stderr: Readable) => {
  stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
};

describe('docs/deploy-cloudflare.md', () => {
  itCompilesPrograms('cloudflare-snippets-types', programs);

  it('shows the example its tests run: its wrangler.toml byte for byte, and an excerpt of its source', () => {
    expect(programs.map(({ name }) => name.split(' › ')[1])).toEqual([
      'Queues: deliveries handed off',
      'Queues and cron triggers: broadcasts',
      'Without Queues: a cron trigger that continues broadcasts',
      'The notification history and the archive of deliveries',
    ]);
    expect(excluded.map(({ lang }) => lang)).toEqual(['sh', 'toml', 'sh', 'ts']);
    const toml = codeBlocks(FILE).find((block) => block.lang === 'toml')!;
    expect(toml.code).toBe(readFileSync(`${root}examples/worker-miniapp/wrangler.toml`, 'utf8'));
    const excerpt = excluded.find(({ lang }) => lang === 'ts')!;
    expect(readFileSync(`${root}examples/worker-miniapp/src/app.ts`, 'utf8')).toContain(excerpt.code);
  });

  it('hands deliveries to the queue and runs each once in queue(), a delivery sent twice included', async () => {
    miniflare = new Miniflare({
      modules: true,
      script: await bundle(program('Queues: deliveries handed off')),
      compatibilityDate: '2025-01-01',
      d1Databases: { DB: 'snippet-db' },
      bindings: { NEYNAR_WEBHOOK_SECRET: 'guide-secret' },
      queueProducers: { DELIVERIES: 'deliveries' },
      queueConsumers: { deliveries: { maxBatchTimeout: 0, deadLetterQueue: 'deliveries-dead' } },
      handleRuntimeStdio: capture,
    });
    const url = await miniflare.ready;
    const data = { ...neynarSampleEvent('cast.created').data, hash: '0xguide' };
    const { headers, body } = await buildNeynarDelivery({ secret: 'guide-secret', type: 'cast.created', data, createdAt: 1_764_000_000 });
    for (const answer of [await fetch(url, { method: 'POST', headers, body }), await fetch(url, { method: 'POST', headers, body })]) {
      expect([answer.status, await answer.json()]).toEqual([202, 'queued']);
    }
    const forged = await buildNeynarDelivery({ secret: 'forged', type: 'cast.created', data: { ...data, hash: '0xforged' } });
    expect((await fetch(url, { method: 'POST', ...forged })).status).toBe(401);
    const marker = await buildNeynarDelivery({ secret: 'guide-secret', type: 'cast.created', data: { ...data, hash: '0xmarker' } });
    expect((await fetch(url, { method: 'POST', ...marker })).status).toBe(202);
    await expect.poll(() => printed, { timeout: 20_000 }).toContain('cast 0xmarker handled on attempt 1');
    await expect.poll(() => printed.match(/cast 0xguide handled/g)?.length, { timeout: 20_000 }).toBe(1);
    expect(printed).not.toContain('0xforged');
  });

  it('starts the digest from the cron over the queue, each user once, and trims the tables on the other cron', async () => {
    client = await startNotificationClient();
    miniflare = new Miniflare({
      workers: [
        {
          name: 'guide',
          modules: true,
          script: await bundle(program('Queues and cron triggers: broadcasts')),
          compatibilityDate: '2025-01-01',
          durableObjects: { STATE: { className: 'SocialWebhooksState', useSQLite: true } },
          queueProducers: { NOTIFICATIONS: 'notifications' },
          queueConsumers: { notifications: { maxBatchTimeout: 0, deadLetterQueue: 'notifications-dead' } },
        },
        {
          name: 'filler',
          modules: true,
          script: await bundleWorker(fileURLToPath(new URL('./runtimes/token-filler-worker.ts', import.meta.url))),
          compatibilityDate: '2025-01-01',
          durableObjects: { STATE: { className: 'SocialWebhooksState', scriptName: 'guide', useSQLite: true } },
        },
      ],
      handleRuntimeStdio: capture,
    });
    await miniflare.ready;
    const filler = (await miniflare.getWorker('filler')) as unknown as { fetch(url: string, init: RequestInit): Promise<Response> };
    const targets = range(150).map((fid) => ({ fid, appFid: 9152, url: client!.url, token: client!.issue(fid) }));
    expect((await filler.fetch('http://filler/', { method: 'POST', body: JSON.stringify(targets) })).status).toBe(204);
    const guide = (await miniflare.getWorker('guide')) as unknown as { scheduled(options: { cron: string }): Promise<{ outcome: string }> };
    expect((await guide.scheduled({ cron: '0 9 * * *' })).outcome).toBe('ok');
    const digest = `digest-${new Date().toISOString().slice(0, 10)}`;
    await expect.poll(() => client!.delivered.size, { timeout: 20_000 }).toBe(150);
    expect([...client.delivered.keys()].every((key) => key.endsWith(`:${digest}`))).toBe(true);
    expect(client.requests.map(({ tokens }) => tokens)).toEqual([100, 50]);
    // The consumer's history, in the object: each user once, successful.
    const state = (await miniflare.getDurableObjectNamespace('STATE', 'guide')) as unknown as DurableObjectNamespaceLike;
    const history = cloudflareNotificationHistory({ durableObject: state });
    await expect.poll(async () => (await history.get(digest))?.counts.successful, { timeout: 10_000 }).toBe(150);
    expect((await history.timeline(150))[0]).toMatchObject({ notificationId: digest, attempts: [{ outcome: 'successful', final: true }] });
    expect((await guide.scheduled({ cron: '0 * * * *' })).outcome).toBe('ok');
    await expect.poll(() => printed).toMatch(/\{[^}]*\}/);
  });

  it('starts the digest from the cron without a queue, and each later cron finds it done: each user once', async () => {
    client = await startNotificationClient();
    miniflare = new Miniflare({
      workers: [
        {
          name: 'guide',
          modules: true,
          script: await bundle(program('Without Queues: a cron trigger that continues broadcasts')),
          compatibilityDate: '2025-01-01',
          durableObjects: { STATE: { className: 'SocialWebhooksState', useSQLite: true } },
        },
        {
          name: 'filler',
          modules: true,
          script: await bundleWorker(fileURLToPath(new URL('./runtimes/token-filler-worker.ts', import.meta.url))),
          compatibilityDate: '2025-01-01',
          durableObjects: { STATE: { className: 'SocialWebhooksState', scriptName: 'guide', useSQLite: true } },
        },
      ],
      handleRuntimeStdio: capture,
    });
    await miniflare.ready;
    const filler = (await miniflare.getWorker('filler')) as unknown as { fetch(url: string, init: RequestInit): Promise<Response> };
    const targets = range(250).map((fid) => ({ fid, appFid: 9152, url: client!.url, token: client!.issue(fid) }));
    expect((await filler.fetch('http://filler/', { method: 'POST', body: JSON.stringify(targets) })).status).toBe(204);
    const guide = (await miniflare.getWorker('guide')) as unknown as { scheduled(options: { cron: string }): Promise<{ outcome: string }> };
    expect((await guide.scheduled({ cron: '0 9 * * *' })).outcome).toBe('ok');
    expect((await guide.scheduled({ cron: '* * * * *' })).outcome).toBe('ok');
    expect((await guide.scheduled({ cron: '* * * * *' })).outcome).toBe('ok');
    await expect.poll(() => printed.match(/broadcasts: none left/g)?.length).toBe(3);
    expect(client.delivered.size).toBe(250);
    expect([...client.delivered.values()].every((count) => count === 1)).toBe(true);
    expect(client.requests.reduce((total, { tokens }) => total + tokens, 0)).toBe(250);
  });
});

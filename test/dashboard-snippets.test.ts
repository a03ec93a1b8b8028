import { Queue } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { bullmqHandoff, webhookWorker } from '@social-webhooks/bullmq';
import { sampleEvent } from '@social-webhooks/core/testing';
import { itCompilesPrograms } from './support/compile-snippets.js';
import { freePort } from './support/free-port.js';
import { pollUntil } from './support/queue-processes.js';
import { redisConnection } from './support/redis-connection.js';
import { programsOf, redisServer, runProgram as run, stopStarted, type Program } from './support/snippet-programs.js';

// The production page's snippets, run as pasted (test/support/snippet-programs.ts): type-checked under
// the house's strict flags, run on Node with `REDIS_URL` at a real redis-server whose webhook queue
// holds a dead letter, and what the page says checked from outside: refused without the
// authentication, shown with it, the dead letter retried from a same-origin POST.
const FILES = ['packages/dashboard/README.md', 'docs/production-page.md'];
const all = FILES.map(programsOf);
const programs = all.flatMap(({ programs }) => programs);
const ADMIN_TOKEN = 'snippet-admin-token';

afterEach(stopStarted, 60_000);

/** A dead letter in the `webhooks` queue: one job whose only attempt failed. */
async function deadLetter(url: string): Promise<void> {
  const queue = new Queue('webhooks', { connection: redisConnection(url) });
  const worker = webhookWorker({
    queueName: 'webhooks',
    connection: redisConnection(url),
    onError: () => undefined,
    on: { 'follow.created': () => Promise.reject(new Error('downstream down')) },
  });
  await bullmqHandoff({ queue, attempts: 1 }).enqueue({
    event: { eventName: 'follow.created', data: { ...sampleEvent('follow.created').data, id: 'snippet-1' } },
    key: 'follow.created:id:snippet-1',
    carrier: {},
    receivedAt: Date.now(),
    sender: 'airstack',
  });
  await pollUntil(
    () => queue.getFailedCount(),
    (count) => count === 1,
  );
  await worker.close();
  await queue.close();
}

const express = async (program: Program) => {
  const redis = await redisServer();
  await deadLetter(redis.url);
  const child = await run(program, { REDIS_URL: redis.url, ADMIN_TOKEN });
  const page = `${child.url}/admin/webhooks`;
  expect((await fetch(page)).status).toBe(401);
  expect((await fetch(page, { headers: { authorization: 'Bearer wrong-token-of-same-size' } })).status).toBe(401);
  const authorization = `Bearer ${ADMIN_TOKEN}`;
  const listed = await (await fetch(`${page}/dead-letters`, { headers: { authorization } })).text();
  expect(listed).toContain('webhooks: 1 dead letter');
  expect(listed).toContain('downstream down');
  const retried = await fetch(`${page}/dead-letters/retry`, {
    method: 'POST',
    redirect: 'manual',
    headers: { authorization, origin: child.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ queue: 'webhooks', id: 'follow.created%3Aid%3Asnippet-1' }).toString(),
  });
  expect([retried.status, retried.headers.get('location')]).toEqual([303, '/admin/webhooks/dead-letters?notice=retried']);
  expect(await (await fetch(`${page}/dead-letters`, { headers: { authorization } })).text()).toContain('webhooks: 0 dead letters');
};

const scenarios: Record<string, (program: Program) => Promise<void>> = {
  'packages/dashboard/README.md › Mount it': express,
  'docs/production-page.md › Express': express,
  async 'docs/production-page.md › Hono and node:http'(program) {
    const plainPort = await freePort();
    const child = await run(program, { ADMIN_SESSION: 'snippet-session', PLAIN_PORT: String(plainPort) });
    for (const base of [`${child.url}/admin`, `http://127.0.0.1:${plainPort}/admin`]) {
      expect((await fetch(base)).status).toBe(401);
      const shown = await fetch(`${base}/dead-letters`, { headers: { cookie: 'theme=dark; session=snippet-session' } });
      expect(shown.status).toBe(200);
      expect(await shown.text()).toContain('No queue given');
    }
  },
};

describe('the production page snippets', () => {
  it('finds each program under its heading, and only fences that say why are left out', () => {
    expect(programs.map(({ name }) => name)).toEqual(Object.keys(scenarios));
    expect(all.flatMap(({ excluded }) => excluded.map(({ lang }) => lang))).toEqual(['sh']);
  });

  itCompilesPrograms('dashboard-snippets-types', programs);

  it.each(programs)('$name runs as the page says', async (program) => {
    await scenarios[program.name]!(program);
  });
});

import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker } from '../../bundle/bundle-worker.js';
import { BENCH_BARE_WORKER, BENCH_CORE_WORKER, contractWorker } from '../../bundle/worker-sources.js';
import { BENCH_SECRET, HEADER, sampleBody } from '../../support/payloads.js';
import { BENCH_HONO_NAIVE_WORKER, BENCH_HONO_WORKER } from './hono-workers.js';
import { startWorkerd, type WorkerdProcess } from './workerd-process.js';

// The HTTP section trusts a figure only from a server that answers as the contract says: before
// wrk drives either Worker, both must take a good delivery and refuse a wrong header, on the real
// workerd binary with nothing in front of it.
const body = new TextDecoder().decode(sampleBody('follow.created'));

async function post(port: number, header: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HEADER]: header },
    body,
  });
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe.each([
  ['the core Web handler', BENCH_CORE_WORKER],
  ['the hand-written route', BENCH_BARE_WORKER],
  ['the Hono adapter', BENCH_HONO_WORKER],
  ['the hand-written Hono route', BENCH_HONO_NAIVE_WORKER],
  ['the hand-written route keeping the contract', contractWorker(fileURLToPath(new URL('../apps/contract-route.ts', import.meta.url)))],
])('%s served by workerd directly', (_name, source) => {
  let workerd: WorkerdProcess;
  beforeAll(async () => {
    workerd = await startWorkerd({ code: (await bundleWorker(source, { fromSource: true })).code });
  });
  afterAll(async () => {
    await workerd?.stop();
  });

  it('answers a good delivery with 200 and a JSON body', async () => {
    const response = await post(workerd.port, BENCH_SECRET);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    await response.json();
  });

  it('answers a wrong header with 401', async () => {
    const response = await post(workerd.port, `${BENCH_SECRET}x`);
    expect(response.status).toBe(401);
    await response.arrayBuffer();
  });

  it('stops on SIGTERM and frees its port', async () => {
    const { port } = workerd;
    expect(await workerd.stop()).not.toBeUndefined();
    expect(await refusesConnections(port)).toBe(true);
  });
});

describe('a Worker workerd cannot load', () => {
  it("rejects with workerd's own message and how to fix it", async () => {
    const start = startWorkerd({ code: 'export default { fetch( };' });
    await expect(start).rejects.toThrow(/workerd \(.+\) exited with .+ before it listened[\s\S]*pnpm install/);
  });
});

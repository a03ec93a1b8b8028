import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWrk } from './run-wrk.js';

// wrk is the bench's own requirement, not the test command's: without it, this file says so and skips.
const hasWrk = spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
const wrkFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('social-webhooks-wrk-'));

describe.skipIf(!hasWrk)('runWrk against a server on loopback', () => {
  let server: Server;
  let url: string;
  const received: { method: string | undefined; header: string | undefined; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        if (received.length < 3) received.push({ method: request.method, header: request.headers['x-test'] as string, body });
        response.writeHead(200, { 'content-type': 'application/json' }).end('"ok"');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/webhook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs the body with the headers, counts the answers, and leaves no script behind', async () => {
    const before = wrkFolders();
    const figures = await runWrk({
      url,
      headers: { 'x-test': 'yes' },
      body: new TextEncoder().encode('{"a":1}'),
      connections: 2,
      seconds: 1,
    });
    expect(received[0]).toEqual({ method: 'POST', header: 'yes', body: '{"a":1}' });
    expect(figures.total).toBeGreaterThan(0);
    expect(figures.non2xx).toBe(0);
    expect(wrkFolders()).toEqual(before);
  });

  it('refuses a URL off loopback before starting wrk', async () => {
    await expect(
      runWrk({ url: 'http://192.0.2.1/webhook', headers: {}, body: new Uint8Array(0), connections: 1, seconds: 1 }),
    ).rejects.toThrow();
  });
});

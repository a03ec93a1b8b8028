import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDelivery, buildDeliveryRequest } from '@social-webhooks/core/testing';
import { createFetch } from '../src/app.js';

describe('bun-receiver', () => {
  it('handles a delivery once, answering its duplicate 200 without running the handler again', async () => {
    const lines: string[] = [];
    const fetchReceiver = createFetch({ secret: 'bun-example-secret', log: (line) => lines.push(line) });
    const first = await fetchReceiver(buildDeliveryRequest({ secret: 'bun-example-secret' }));
    const again = await fetchReceiver(buildDeliveryRequest({ secret: 'bun-example-secret' }));
    expect([first.status, await first.json(), again.status, await again.json()]).toEqual([200, 'ok', 200, 'ignored: already handled']);
    expect(lines).toEqual(['follow.created: 3761 -> 326089']);
  });

  it('answers 401 to a forged delivery, and serves a health check', async () => {
    const fetchReceiver = createFetch({ secret: 'bun-example-secret', log: () => undefined });
    expect((await fetchReceiver(buildDeliveryRequest({ secret: 'forged' }, 'http://localhost/webhook'))).status).toBe(401);
    expect(await (await fetchReceiver(new Request('http://localhost/health'))).json()).toEqual({ ok: true });
  });
});

describe('on Bun', () => {
  it('serves deliveries with Bun.serve from src/server.ts', async () => {
    const bun = join(dirname(createRequire(import.meta.url).resolve('bun/package.json')), 'bin/bun.exe');
    expect(existsSync(bun), `no Bun binary at ${bun}: is "bun" in onlyBuiltDependencies (pnpm-workspace.yaml)?`).toBe(true);
    const child = spawn(bun, ['--conditions=source', 'src/server.ts'], {
      cwd: new URL('..', import.meta.url),
      env: { ...process.env, PORT: '0', WEBHOOK_SECRET: '{"follow.created":"bun-start-secret"}' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    try {
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /localhost:(\d+)\/webhook/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`bun exited with ${code}: ${out}`)));
      });
      const { headers, body } = buildDelivery({ secret: 'bun-start-secret', form: 'flat' });
      const response = await fetch(`http://127.0.0.1:${port}/webhook`, { method: 'POST', headers, body });
      expect(response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(out).toContain('follow.created: 3761 -> 326089');
      // `logger: console` reports the outcome, never the secret.
      expect(out).toContain('delivery answered: 200 handled (follow.created)');
      expect(out).not.toContain('bun-start-secret');
    } finally {
      child.kill('SIGTERM');
    }
  });
});

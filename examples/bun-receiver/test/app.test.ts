import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDelivery, buildDeliveryRequest } from '@social-webhooks/core/testing';
import { withExampleServer } from '../../../test/support/example-server.js';
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
    const cwd = new URL('..', import.meta.url);
    const secret = '{"follow.created":"bun-start-secret"}';
    await withExampleServer({ cwd, secret, command: bun, args: ['--conditions=source', 'src/server.ts'], name: 'bun' }, async (server) => {
      const response = await server.post(buildDelivery({ secret: 'bun-start-secret', form: 'flat' }));
      expect(response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.output).toContain('follow.created: 3761 -> 326089');
      // `logger: console` reports the outcome, never the secret.
      expect(server.output).toContain('delivery answered: 200 handled (follow.created)');
      expect(server.output).not.toContain('bun-start-secret');
    });
  });
});

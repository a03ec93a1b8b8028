import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDelivery, buildDeliveryRequest } from '@social-webhooks/core/testing';
import type { DeliveryReport } from '@social-webhooks/core';
import { withExampleServer } from '../../../test/support/example-server.js';
import { createHandler } from '../src/app.js';

describe('deno-receiver', () => {
  it('handles a delivery once and reports each outcome to onResult', async () => {
    const lines: string[] = [];
    const reports: DeliveryReport[] = [];
    const handler = createHandler({
      secret: 'deno-example-secret',
      log: (line) => lines.push(line),
      onResult: (report) => reports.push(report),
    });
    await handler(buildDeliveryRequest({ secret: 'deno-example-secret', eventName: 'profile.updated' }));
    await handler(buildDeliveryRequest({ secret: 'deno-example-secret', eventName: 'profile.updated' }));
    await handler(buildDeliveryRequest({ secret: 'forged' }));
    expect(lines).toEqual(['profile.updated: user 3761']);
    expect(reports.map((report) => `${report.status} ${report.code}`)).toEqual(['200 handled', '200 duplicate', '401 header_mismatch']);
  });
});

describe('on Deno', () => {
  it('serves deliveries with Deno.serve from src/server.ts', async () => {
    const deno = join(dirname(createRequire(import.meta.url).resolve('deno/package.json')), 'deno');
    expect(existsSync(deno), `no Deno binary at ${deno}: is "deno" in onlyBuiltDependencies (pnpm-workspace.yaml)?`).toBe(true);
    const args = [
      'run',
      '--conditions=source',
      '--sloppy-imports',
      '--no-lock',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      'src/server.ts',
    ];
    await withExampleServer(
      { cwd: new URL('..', import.meta.url), secret: 'deno-start-secret', command: deno, args, name: 'deno' },
      async (server) => {
        const response = await server.post(buildDelivery({ secret: 'deno-start-secret', eventName: 'follow.deleted' }));
        expect(response.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(server.output).toContain('follow.deleted: 3761 -/-> 326089');
        expect(server.output).toContain('deliveries by code: {"handled":1}');
      },
    );
  });
});

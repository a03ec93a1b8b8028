import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { NEYNAR_EVENT_NAMES } from '@social-webhooks/core';
import { buildNeynarDelivery } from '@social-webhooks/core/testing';
import { withExampleServer } from '../../../test/support/example-server.js';
import { createApp } from '../src/app.js';
import { secretsFromEnv } from '../src/secrets-from-env.js';

const SECRET = 'neynar-example-secret';

describe('neynar-receiver', () => {
  it('logs a signed delivery of each of the nine types and answers 200', async () => {
    const lines: string[] = [];
    const app = createApp({ secrets: SECRET, log: (line) => lines.push(line) });
    for (const type of NEYNAR_EVENT_NAMES) {
      const { headers, body } = await buildNeynarDelivery({ secret: SECRET, type });
      expect((await request(app).post('/webhook').set(headers).send(body)).status).toBe(200);
    }
    expect(lines.map((line) => line.slice(0, line.indexOf(':')))).toEqual(NEYNAR_EVENT_NAMES);
    expect(lines).toContain('follow.created: 1098765 follows 412037');
  });

  it('answers 401 to a forgery and to a body changed after signing, and logs nothing', async () => {
    const lines: string[] = [];
    const app = createApp({ secrets: SECRET, log: (line) => lines.push(line) });
    const forged = await buildNeynarDelivery({ secret: 'forged', type: 'cast.created' });
    expect((await request(app).post('/webhook').set(forged.headers).send(forged.body)).body).toMatchObject({ error: 'signature_mismatch' });
    const { headers, body } = await buildNeynarDelivery({ secret: SECRET, type: 'cast.created' });
    const changed = body.replace('"text":"', '"text":"not ');
    expect((await request(app).post('/webhook').set(headers).send(changed)).status).toBe(401);
    expect(lines).toEqual([]);
  });

  it("keeps the app's own JSON routes working after the webhook route", async () => {
    const app = createApp({ secrets: SECRET });
    expect((await request(app).post('/echo').send({ a: 1 })).body).toEqual({ got: { a: 1 } });
  });

  it('reads NEYNAR_WEBHOOK_SECRET as one secret or a rotation, and says how to set it when missing', () => {
    expect(secretsFromEnv({ NEYNAR_WEBHOOK_SECRET: ' abc \n' })).toEqual(['abc']);
    expect(secretsFromEnv({ NEYNAR_WEBHOOK_SECRET: 'new, old' })).toEqual(['new', 'old']);
    expect(() => secretsFromEnv({})).toThrow(/Set NEYNAR_WEBHOOK_SECRET/);
  });
});

describe('pnpm start', () => {
  it('starts the server from the environment and verifies signed deliveries over a real socket', async () => {
    const options = { cwd: new URL('..', import.meta.url), secret: 'old-secret, start-secret', secretVariable: 'NEYNAR_WEBHOOK_SECRET' };
    await withExampleServer(options, async (server) => {
      for (const type of ['cast.created', 'reaction.created'] as const) {
        const response = await server.post(await buildNeynarDelivery({ secret: 'start-secret', type }));
        expect([type, response.status]).toEqual([type, 200]);
      }
      expect((await server.post(await buildNeynarDelivery({ secret: 'forged', type: 'cast.created' }))).status).toBe(401);
      await expect.poll(() => server.output).toContain('reaction.created: ');
    });
  });
});

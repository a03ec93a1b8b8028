import { beforeAll, describe, expect, it } from 'vitest';
import { buildDeliveryRequest } from '@social-webhooks/core/testing';
import type * as RouteModule from '../src/app/api/webhook/route.js';
import { events } from '../src/handlers.js';

const URL = 'http://localhost:3000/api/webhook';

describe('nextjs-route: app/api/webhook/route.ts', () => {
  const lines: string[] = [];
  let route: typeof RouteModule;
  beforeAll(async () => {
    // The module loads without the secret, as \`next build\` loads it; the secret is read on the first delivery.
    delete process.env['WEBHOOK_SECRET'];
    events.log = (line) => lines.push(line);
    route = await import('../src/app/api/webhook/route.js');
    process.env['WEBHOOK_SECRET'] = 'next-example-secret';
  });

  it('exports POST as a Web route handler, and only POST', () => {
    expect(typeof route.POST).toBe('function');
    expect(Object.keys(route).sort()).toEqual(['POST', 'dynamic']);
  });

  it('handles a delivery called the way Next calls it: POST(request, { params })', async () => {
    const response = await route.POST(buildDeliveryRequest({ secret: 'next-example-secret' }, URL), { params: Promise.resolve({}) });
    expect(response).toBeInstanceOf(Response);
    expect([response.status, await response.json()]).toEqual([200, 'ok']);
    expect(lines).toEqual(['follow.created: 3761 -> 326089 (/api/webhook)']);
  });

  it('answers 401 to a forged delivery and 200 to an event without a handler', async () => {
    expect((await route.POST(buildDeliveryRequest({ secret: 'forged' }, URL))).status).toBe(401);
    expect((await route.POST(buildDeliveryRequest({ secret: 'next-example-secret', eventName: 'follow.deleted' }, URL))).status).toBe(200);
  });
});

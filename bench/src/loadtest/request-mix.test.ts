import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, webhookHandler } from '@social-webhooks/core';
import { CYCLE_LENGTH, EXPECTED_STATUS, loadtestSecrets, requestCycle } from './request-mix.js';

describe('the load test request cycle', () => {
  const secrets = loadtestSecrets();
  const cycle = requestCycle(secrets);

  it('holds 60% valid deliveries, 20% wrong header, 10% malformed, 10% too large', () => {
    expect(cycle).toHaveLength(CYCLE_LENGTH);
    const count = (requestClass: string) => cycle.filter((request) => request.requestClass === requestClass).length;
    expect([count('valid'), count('wrong-header'), count('malformed'), count('too-large')]).toEqual([24, 8, 4, 4]);
  });

  it('sends every event type in both forms equally often', () => {
    for (const eventName of EVENT_NAMES) {
      const deliveries = cycle.filter((request) => request.eventName === eventName);
      expect(deliveries).toHaveLength(6);
      expect(deliveries.filter((request) => request.body.includes('"eventName"'))).toHaveLength(3);
    }
  });

  it('gets the status its class expects from the receiver, and runs handlers for the valid ones only', async () => {
    const handled: string[] = [];
    const on = Object.fromEntries(EVENT_NAMES.map((name) => [name, () => void handled.push(name)]));
    const handle = webhookHandler({ secret: secrets, on });
    for (const request of cycle) {
      const response = await handle(
        new Request('http://127.0.0.1/webhook', { method: 'POST', headers: request.headers, body: new Uint8Array(request.body) }),
      );
      expect(response.status, `${request.requestClass} ${request.eventName ?? ''}`).toBe(EXPECTED_STATUS[request.requestClass]);
    }
    expect(handled).toEqual(cycle.flatMap((request) => (request.requestClass === 'valid' ? [request.eventName] : [])));
  });
});

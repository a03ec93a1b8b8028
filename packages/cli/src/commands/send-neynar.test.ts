import { createHmac } from 'node:crypto';
import { NEYNAR_EVENT_NAMES, neynarSender, webhookHandler, type NeynarEventName } from '@social-webhooks/core';
import { neynarSampleBody } from '@social-webhooks/core/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBin } from '../../test/run-bin.js';
import { startReceiver, type LoopbackReceiver } from '../../test/loopback-receiver.js';

// `send --sender neynar` against a loopback receiver that answers with the core's Web handler and
// neynarSender: what it sends, a real Neynar receiver verifies.
const SECRET = 'neynar-send-secret';
const handled: string[] = [];
let receiver: LoopbackReceiver;

const on = Object.fromEntries(
  NEYNAR_EVENT_NAMES.map((name) => [name, (event: { eventName: string; createdAt?: number }) => void handled.push(event.eventName)]),
);
const handle = webhookHandler({ sender: neynarSender({ secrets: SECRET }), on });

beforeAll(async () => {
  receiver = await startReceiver(handle);
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.length = 0;
  handled.length = 0;
});

const send = (...args: string[]) => runBin(['send', '--to', receiver.url, '--sender', 'neynar', ...args]);

describe('social-webhooks send --sender neynar', () => {
  it("sends each type's sample as Neynar does, signed with the secret, and prints the answer", async () => {
    const results = await Promise.all(NEYNAR_EVENT_NAMES.map((type) => send('--secret', SECRET, '--event', type)));
    for (const [index, result] of results.entries()) {
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`(${NEYNAR_EVENT_NAMES[index]}, signed as Neynar signs it, x-neynar-signature)`);
      expect(result.stdout).toMatch(/^200 OK$/m);
    }
    expect([...handled].sort()).toEqual([...NEYNAR_EVENT_NAMES].sort());
    for (const { headers, body } of receiver.received) {
      const { created_at: createdAt, type, ...rest } = JSON.parse(body) as { created_at: number; type: NeynarEventName };
      expect({ ...rest, type }).toEqual({ ...neynarSampleBody(type), created_at: undefined, type });
      expect(Math.abs(createdAt - Date.now() / 1000)).toBeLessThan(60);
      expect(headers['x-neynar-signature']).toBe(createHmac('sha512', SECRET).update(body).digest('hex'));
      expect(headers['content-type']).toBe('application/json');
    }
  });

  it('takes the secret from NEYNAR_WEBHOOK_SECRET and --data as the data, and reports what it sent with --json', async () => {
    const data = { object: 'cast', hash: '0xabc', author: { object: 'user', fid: 3 }, text: 'gm' };
    const result = await runBin(
      ['send', '--to', receiver.url, '--sender', 'neynar', '--event', 'cast.created', '--data', JSON.stringify(data), '--json'],
      { env: { NEYNAR_WEBHOOK_SECRET: SECRET, WEBHOOK_SECRET: 'not-this-one' } },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      status: 200,
      ok: true,
      sent: { to: receiver.url, sender: 'neynar', eventName: 'cast.created', header: 'x-neynar-signature' },
    });
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'cast.created', data });
    expect(handled).toEqual(['cast.created']);
  });

  it('exits 1 and prints the refusal when the receiver holds another secret', async () => {
    const result = await send('--secret', 'another-secret', '--event', 'follow.created');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^401 Unauthorized \(the service would retry this delivery later\)$/m);
    expect(result.stdout).toContain('signature_mismatch');
    expect(handled).toEqual([]);
  });

  it('notes a type it does not document, and sends it anyway with {} as its data', async () => {
    const result = await send('--secret', SECRET, '--event', 'channel.created');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('note: channel.created is not a documented event type; sending it anyway with {} as its data.');
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'channel.created', data: {} });
  });

  it("exits 2 for the founding service's --flat, an unknown sender, or a missing secret, sending nothing", async () => {
    const flat = await send('--secret', SECRET, '--event', 'cast.created', '--flat');
    expect(flat.code).toBe(2);
    expect(flat.stderr).toMatch(/--flat is the founding service's/);
    const unknown = await runBin(['send', '--to', receiver.url, '--sender', 'warpcast', '--secret', 's', '--event', 'cast.created']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--sender expects one of airstack, neynar, got "warpcast"/);
    const missing = await send('--event', 'cast.created');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing --secret \(or set NEYNAR_WEBHOOK_SECRET\)/);
    expect(receiver.received).toHaveLength(0);
  });
});

import { neynarSender, webhookHandler } from '@social-webhooks/core';
import { buildDelivery } from '@social-webhooks/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../../test/run-bin.js';
import { startReceiver, type LoopbackReceiver } from '../../test/loopback-receiver.js';

// One command each for a genuine and a forged delivery to a local route, as the guides' "try it"
// steps run them: loopback receivers built with the core's Web handler.
const NEYNAR_SECRET = 'send-forged-neynar-secret';
const FOUNDING_SECRET = 'send-forged-founding-secret';
const handled: string[] = [];
let neynar: LoopbackReceiver;
let hypersnap: LoopbackReceiver;
let founding: LoopbackReceiver;
let permissive: LoopbackReceiver;

beforeAll(async () => {
  const on = { 'cast.created': () => void handled.push('neynar') };
  neynar = await startReceiver(webhookHandler({ sender: neynarSender({ secrets: NEYNAR_SECRET }), on, logger: false }));
  hypersnap = await startReceiver(
    webhookHandler({ sender: neynarSender({ secrets: NEYNAR_SECRET, signatureHeader: 'x-hypersnap-signature' }), on, logger: false }),
  );
  founding = await startReceiver(webhookHandler({ secret: FOUNDING_SECRET, logger: false }));
  // A receiver that checks nothing: what --forged is there to catch.
  permissive = await startReceiver(() => Promise.resolve(Response.json('ok')));
});
afterAll(async () => {
  await Promise.all([neynar, hypersnap, founding, permissive].map((receiver) => receiver.close()));
});

describe('social-webhooks send: a genuine and a forged delivery, one command each', () => {
  it('sends a genuine Neynar delivery (the secret from NEYNAR_WEBHOOK_SECRET) and a forged one, refused 401: both exit 0', async () => {
    const env = { NEYNAR_WEBHOOK_SECRET: NEYNAR_SECRET };
    const genuine = await runBin(['send', '--to', neynar.url, '--sender', 'neynar', '--event', 'cast.created'], { env });
    expect(genuine.code).toBe(0);
    expect(genuine.stdout).toMatch(/^200 OK$/m);
    const forged = await runBin(['send', '--to', neynar.url, '--sender', 'neynar', '--event', 'cast.created', '--forged'], { env });
    expect(forged.code).toBe(0);
    expect(forged.stdout).toContain('FORGED: signed with a random secret');
    expect(forged.stdout).toMatch(/^401 Unauthorized \(refused, as a forgery should be\)$/m);
    expect(forged.stdout).toContain('signature_mismatch');
    expect(handled).toEqual(['neynar']);
    // The forgery is signed, in the right header, with a secret that is not the webhook's.
    expect(neynar.received[1]!.headers['x-neynar-signature']).toMatch(/^[0-9a-f]{128}$/);
    expect(neynar.received[1]!.headers['x-neynar-signature']).not.toBe(neynar.received[0]!.headers['x-neynar-signature']);
  });

  it("forges the founding service's header value, refused 401 header_mismatch", async () => {
    const forged = await runBin(['send', '--to', founding.url, '--event', 'follow.created', '--forged', '--json']);
    expect(forged.code).toBe(0);
    expect(JSON.parse(forged.stdout)).toMatchObject({ status: 401, ok: true, sent: { forged: true } });
    expect(founding.received[0]!.headers['x-airstack-webhook']).not.toBe(FOUNDING_SECRET);
    expect(founding.received[0]!.body).toBe(buildDelivery({ secret: 'x' }).body);
  });

  it('exits 1, saying so, when the receiver accepts a forged delivery', async () => {
    const forged = await runBin(['send', '--to', permissive.url, '--sender', 'neynar', '--event', 'cast.created', '--forged']);
    expect(forged.code).toBe(1);
    expect(forged.stdout).toContain('the receiver ACCEPTED a forged delivery');
  });

  it('signs in the header --header names, for a sender that signs as Neynar does under another name (Hypersnap)', async () => {
    const args = ['send', '--to', hypersnap.url, '--sender', 'neynar', '--event', 'cast.created', '--header', 'X-Hypersnap-Signature'];
    const genuine = await runBin([...args, '--secret', NEYNAR_SECRET]);
    expect(genuine.code).toBe(0);
    expect(genuine.stdout).toContain('signed as Neynar signs it, x-hypersnap-signature');
    expect(hypersnap.received[0]!.headers['x-hypersnap-signature']).toMatch(/^[0-9a-f]{128}$/);
    expect(hypersnap.received[0]!.headers['x-neynar-signature']).toBeUndefined();
    expect((await runBin([...args, '--forged'])).stdout).toMatch(/^401 Unauthorized/m);
  });

  it('exits 2 for --forged with --secret, and says what --to is when it is missing, sending nothing', async () => {
    const both = await runBin(['send', '--to', neynar.url, '--sender', 'neynar', '--event', 'cast.created', '--forged', '--secret', 's']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--forged signs with a random secret: leave out --secret/);
    const noTo = await runBin(['send', '--sender', 'neynar', '--secret', 's', '--event', 'cast.created']);
    expect(noTo.code).toBe(2);
    expect(noTo.stderr).toMatch(/missing --to, the receiver's URL: e\.g\. --to http:\/\/localhost:3000\/webhook/);
  });
});

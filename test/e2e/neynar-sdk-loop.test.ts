import { Configuration, NeynarAPIClient } from '@neynar/nodejs-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { neynarSampleBody } from '@social-webhooks/core/samples';
import { DEFAULT_API_KEY, startEmulator, type Emulator } from '@social-webhooks/emulator';
import { startNeynarReceiver, type NeynarReceiver } from './neynar-receiver.js';

// Neynar's own SDK (`@neynar/nodejs-sdk`, the client users already have) against the emulator, and
// the core's Neynar receiver on a real loopback server: the loop from a webhook created with the SDK
// to a verified, typed delivery, and Neynar's kind of answer to bad input.
let emulator: Emulator;
let receiver: NeynarReceiver;
let client: NeynarAPIClient;

beforeAll(async () => {
  emulator = await startEmulator({ retry: { attempts: 2, baseDelayMs: 20, timeoutMs: 2000 } });
  receiver = await startNeynarReceiver();
  client = new NeynarAPIClient(new Configuration({ apiKey: DEFAULT_API_KEY, basePath: emulator.url }));
});
afterAll(async () => {
  await emulator?.stop();
  await receiver?.close();
});
beforeEach(async () => {
  for (const { webhook_id: webhookId } of (await client.fetchWebhooks()).webhooks) await client.deleteWebhook({ webhookId });
});

// Marisol (FID 412037) casts "gm @kenji, …" in the core's sample; the subscription takes her casts
// that say gm, and follows of FID 3.
const subscription = { 'cast.created': { author_fids: [412037], text: '(?i)\\bgm\\b' }, 'follow.created': { target_fids: [3] } };

/** The SDK's error for a refused call: axios's, with Neynar's `ErrorRes` as the answer's data. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; data: Record<string, unknown> }> {
  const error = (await call.then(
    () => undefined,
    (reason: unknown) => reason,
  )) as { response?: { status: number; data: Record<string, unknown> } } | undefined;
  if (error?.response === undefined) throw new Error('expected the SDK call to be refused');
  return error.response;
}

describe('the Neynar SDK drives the emulator', () => {
  it('publishes, lists, looks up, updates, toggles and deletes a webhook', async () => {
    const created = await client.publishWebhook({ name: 'gm watcher', url: receiver.url, subscription });
    expect(created).toMatchObject({
      success: true,
      webhook: { object: 'webhook', title: 'gm watcher', target_url: receiver.url, active: true },
    });
    const webhookId = created.webhook!.webhook_id;
    expect(created.webhook!.subscription?.filters).toEqual(subscription);
    expect(created.webhook!.secrets).toEqual([
      expect.objectContaining({ uid: expect.any(String), value: expect.any(String), expires_at: expect.any(String) }),
    ]);

    expect((await client.fetchWebhooks()).webhooks.map((webhook) => webhook.webhook_id)).toEqual([webhookId]);
    expect((await client.lookupWebhook({ webhookId })).webhook).toEqual(created.webhook);

    const updated = await client.updateWebhook({
      webhookId,
      name: 'renamed',
      url: `${receiver.url}?v=2`,
      subscription: { 'user.created': {} },
    });
    expect(updated.webhook).toMatchObject({
      title: 'renamed',
      target_url: `${receiver.url}?v=2`,
      subscription: { filters: { 'user.created': {} } },
    });

    expect((await client.updateWebhookActiveStatus({ webhookId, active: 'false' })).webhook?.active).toBe(false);
    expect((await client.lookupWebhook({ webhookId })).webhook?.active).toBe(false);
    expect((await client.updateWebhookActiveStatus({ webhookId, active: 'true' })).webhook?.active).toBe(true);

    expect((await client.deleteWebhook({ webhookId })).webhook).toMatchObject({ webhook_id: webhookId, deleted_at: expect.any(String) });
    expect((await client.fetchWebhooks()).webhooks).toEqual([]);
    expect(await refusal(client.lookupWebhook({ webhookId }))).toMatchObject({
      status: 404,
      data: { code: 'NotFound', property: 'webhook_id' },
    });
  });

  it("delivers a matching cast to the receiver, verified and typed, and nothing for a cast that does not match; the answer is in the log and the page's API", async () => {
    const { webhook } = await client.publishWebhook({ name: 'gm watcher', url: receiver.url, subscription });
    receiver.arm(webhook!.secrets);
    receiver.handled.length = 0;

    const matching = emulator.neynar.publish('cast.created');
    expect(matching.matched).toEqual([webhook!.webhook_id]);
    const delivery = await emulator.waitForDelivery(matching.deliveries[0]!);
    expect(delivery.state).toBe('delivered');
    const [event] = receiver.handled;
    if (event?.eventName !== 'cast.created') throw new Error(`expected a cast.created, got ${event?.eventName}`);
    expect(event.data.author.fid).toBe(412037);
    expect(event.data.text).toMatch(/^gm /);
    expect(receiver.deliveryIds.at(-1)).toBe(delivery.deliveryId);

    const other = neynarSampleBody('cast.created').data;
    const unrelated = {
      ...other,
      hash: '0x00000000000000000000000000000000000000aa',
      author: { ...other.author, fid: 3 },
      text: 'good evening',
    };
    expect(emulator.neynar.publish('cast.created', unrelated).matched).toEqual([]);
    await emulator.idle();
    expect(receiver.handled).toHaveLength(1);

    expect(delivery.attempts[0]!.response).toMatchObject({ status: 200, body: '"ok"' });
    const log = await fetch(`${emulator.url}/_emulator/deliveries?webhook_id=${webhook!.webhook_id}`, {
      headers: { authorization: DEFAULT_API_KEY },
    });
    expect(await log.json()).toMatchObject({
      deliveries: [{ deliveryId: delivery.deliveryId, sender: 'neynar', attempts: [{ status: 200 }] }],
    });
  });

  it('keeps verifying across a rotation when the receiver takes the secrets the SDK looks up', async () => {
    const { webhook } = await client.publishWebhook({ name: 'rotating', url: receiver.url, subscription });
    receiver.arm(webhook!.secrets);
    emulator.neynar.rotateSecret(webhook!.webhook_id, { graceSeconds: 60 });
    const { webhook: rotated } = await client.lookupWebhook({ webhookId: webhook!.webhook_id });
    expect(rotated!.secrets).toHaveLength(2);
    receiver.arm(rotated!.secrets);
    const delivery = await emulator.waitForDelivery(emulator.neynar.publish('cast.created').deliveries[0]!);
    expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([200]);
  });

  const url = 'http://127.0.0.1:9/neynar';
  it.each([
    ['an unknown event type', { name: 'x', url, subscription: { 'cast.updated': {} } }, 'subscription."cast.updated"'],
    [
      'an unknown filter field',
      { name: 'x', url, subscription: { 'cast.created': { author_fid: [194] } } },
      'subscription."cast.created".author_fid',
    ],
    ['an invalid regex', { name: 'x', url, subscription: { 'cast.created': { text: '(?<!un)gm' } } }, 'subscription."cast.created".text'],
    ['a target that is not a URL', { name: 'x', url: 'localhost:3000/webhook' }, 'url'],
  ])('answers %s with 400 InvalidField and creates nothing', async (_name, params, property) => {
    const answer = await refusal(client.publishWebhook(params as Parameters<NeynarAPIClient['publishWebhook']>[0]));
    expect(answer).toMatchObject({ status: 400, data: { code: 'InvalidField', property, status: 400, message: expect.any(String) } });
    expect((await client.fetchWebhooks()).webhooks).toEqual([]);
  });

  it('answers a call without an API key 401, and one for an unknown webhook 404, changing nothing', async () => {
    const { webhook } = await client.publishWebhook({ name: 'kept', url, subscription });
    // An unset variable (`apiKey: process.env.NEYNAR_API_KEY ?? ''`): the SDK sends no x-api-key then.
    const keyless = new NeynarAPIClient(new Configuration({ apiKey: '', basePath: emulator.url }));
    expect(await refusal(keyless.fetchWebhooks())).toMatchObject({ status: 401, data: { code: 'Unauthorized', status: 401 } });
    expect(await refusal(keyless.deleteWebhook({ webhookId: webhook!.webhook_id }))).toMatchObject({ status: 401 });
    expect(await refusal(client.updateWebhook({ webhookId: 'no-such-webhook', name: 'x', url }))).toMatchObject({
      status: 404,
      data: { code: 'NotFound' },
    });
    expect(await refusal(client.deleteWebhook({ webhookId: 'no-such-webhook' }))).toMatchObject({ status: 404 });
    expect((await client.fetchWebhooks()).webhooks).toEqual([webhook]);
  });
});

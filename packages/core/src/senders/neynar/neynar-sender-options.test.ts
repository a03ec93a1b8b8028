import { createHmac } from 'node:crypto';
import { format } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhookHandler } from '../../web/webhook-handler.js';
import { WebhookError } from '../../errors.js';
import { neynarSender, type NeynarSenderOptions } from './neynar-sender.js';
import { neynarSampleBody } from './samples.js';

const NEW = 'neynar-secret-new';
const OLD = 'neynar-secret-old';
const body = JSON.stringify(neynarSampleBody('cast.created'));
const sign = (secret: string) => createHmac('sha512', secret).update(body).digest('hex');

async function send(options: NeynarSenderOptions, headers: Record<string, string>, logger?: false) {
  const handle = webhookHandler({
    sender: neynarSender(options),
    on: { 'cast.created': () => undefined },
    ...(logger === false && { logger }),
  });
  const response = await handle(
    new Request('http://localhost/webhook', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }),
  );
  return { status: response.status, body: (await response.json()) as unknown };
}

afterEach(() => vi.restoreAllMocks());

describe('neynarSender: a rotation through one environment variable', () => {
  it('takes a JSON array of secrets as the string value, and verifies a delivery signed with either', async () => {
    const secrets = JSON.stringify([NEW, OLD]);
    expect((await send({ secrets }, { 'x-neynar-signature': sign(NEW) })).status).toBe(200);
    expect((await send({ secrets }, { 'x-neynar-signature': sign(OLD) })).status).toBe(200);
    expect((await send({ secrets }, { 'x-neynar-signature': sign('another') }, false)).status).toBe(401);
  });

  it("takes Neynar's webhook.secrets as JSON, expires_at included: a secret past it answers 401 secret_expired", async () => {
    const secrets = JSON.stringify([
      { uid: 'new', value: NEW, expires_at: null },
      { uid: 'old', value: OLD, expires_at: '2024-01-01T00:00:00.000Z' },
    ]);
    expect((await send({ secrets: () => secrets }, { 'x-neynar-signature': sign(NEW) })).status).toBe(200);
    expect(await send({ secrets: () => secrets }, { 'x-neynar-signature': sign(OLD) }, false)).toMatchObject({
      status: 401,
      body: { error: 'secret_expired' },
    });
  });

  it('still takes a plain secret as one secret, a comma and all', async () => {
    const secret = 'abc,def';
    const signed = createHmac('sha512', secret).update(body).digest('hex');
    expect((await send({ secrets: secret }, { 'x-neynar-signature': signed })).status).toBe(200);
  });

  it.each([
    ['not JSON', '[new,old', /starts with \[ but is not a JSON array/],
    ['JSON but no array', '[1', /not a JSON array/],
    ['an empty array', '[]', /empty list/],
    ['a padded secret inside', '["new\\n"]', /whitespace/],
  ])('refuses a list that is %s when the receiver is built, without quoting it', (_name, secrets, message) => {
    const build = () => webhookHandler({ sender: neynarSender({ secrets }) });
    expect(build).toThrow(WebhookError);
    expect(build).toThrow(message);
    try {
      build();
    } catch (error) {
      expect((error as Error).message).not.toContain(secrets);
    }
  });
});

describe('neynarSender: the message for a missing secret', () => {
  it('names the function form the guides recommend, which a build without the variable survives', () => {
    const build = () => webhookHandler({ sender: neynarSender({ secrets: process.env.SOCIAL_WEBHOOKS_UNSET_VARIABLE as string }) });
    expect(build).toThrow('neynarSender({ secrets: () => process.env.NEYNAR_WEBHOOK_SECRET })');
  });
});

describe('neynarSender: signatureHeader', () => {
  const hypersnap = { secrets: NEW, signatureHeader: 'X-Hypersnap-Signature' };

  it("verifies Hypersnap's deliveries in X-Hypersnap-Signature, and names that header when it is missing", async () => {
    expect(await send(hypersnap, { 'X-Hypersnap-Signature': sign(NEW) })).toEqual({ status: 200, body: 'ok' });
    expect(await send(hypersnap, { 'x-hypersnap-signature': sign('forged') }, false)).toMatchObject({
      status: 401,
      body: { error: 'signature_mismatch', message: expect.stringContaining('x-hypersnap-signature') },
    });
    expect(await send(hypersnap, { 'x-hypersnap-signature': sign(NEW).toUpperCase() }, false)).toMatchObject({
      status: 401,
      body: { error: 'signature_malformed', message: expect.stringContaining('x-hypersnap-signature') },
    });
    // The default header is not read any more: a signature there alone is not this receiver's proof.
    expect(await send(hypersnap, { 'x-neynar-signature': sign(NEW) }, false)).toMatchObject({
      status: 401,
      body: { error: 'signature_missing', message: 'The x-hypersnap-signature header is missing: the delivery is not signed.' },
    });
  });

  it.each([
    ['an empty name', ''],
    ['a name with a space', 'x hypersnap'],
    ['not a string', 42],
  ])('refuses %s when the receiver is built', (_name, signatureHeader) => {
    const build = () => webhookHandler({ sender: neynarSender({ secrets: NEW, signatureHeader: signatureHeader as string }) });
    expect(build).toThrow(WebhookError);
    expect(build).toThrow(/`signatureHeader` must be an HTTP header name/);
  });
});

describe('a secrets function that fails', () => {
  it('is logged once: the line, then what the function threw, never the same message twice', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...data: unknown[]) => void printed.push(format(...data)));
    vi.spyOn(console, 'warn').mockImplementation((...data: unknown[]) => void printed.push(format(...data)));
    const answer = await send(
      {
        secrets: () => {
          throw new Error('the vault is down');
        },
      },
      { 'x-neynar-signature': sign(NEW) },
    );
    expect(answer).toMatchObject({ status: 500, body: { error: 'invalid_options' } });
    const output = printed.join('\n');
    const line = "neynarSender's `secrets` function threw";
    expect(output.split(line)).toHaveLength(2);
    expect(output.split('the vault is down')).toHaveLength(2);
  });

  it('with nothing thrown (a variable unset), is one line with no stack', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...data: unknown[]) => void printed.push(format(...data)));
    await send({ secrets: () => undefined }, { 'x-neynar-signature': sign(NEW) });
    const output = printed.join('\n');
    expect(output.split("neynarSender's `secrets` is missing")).toHaveLength(2);
    expect(output).not.toMatch(/\n\s+at /);
  });
});

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { webhookHandler } from '../../web/webhook-handler.js';
import type { LogFields } from '../../observe/logger.js';
import { WebhookError } from '../../errors.js';
import { neynarSender } from './neynar-sender.js';
import type { NeynarSecretsOption } from './secrets.js';

const SECRET = 'neynar-secret-current';
const OLD = 'neynar-secret-old';
const body = JSON.stringify({
  created_at: 1708025006,
  type: 'cast.created',
  data: { object: 'cast', hash: '0xfe79', author: { object: 'user', fid: 194, username: 'rish' }, text: 'gm', extra: { kept: true } },
});
const sign = (secret: string, text = body) => createHmac('sha512', secret).update(text).digest('hex');

function receiver(secrets: Parameters<typeof neynarSender>[0]['secrets']) {
  const handled: unknown[] = [];
  const unknown: unknown[] = [];
  const logs: { level: string; message: string; fields: LogFields }[] = [];
  const log = (level: string) => (message: string, fields: LogFields) => logs.push({ level, message, fields });
  const handle = webhookHandler({
    sender: neynarSender({ secrets }),
    on: {
      'cast.created': (event) => {
        handled.push({
          eventName: event.eventName,
          hash: event.data.hash,
          fid: event.data.author.fid,
          createdAt: event.createdAt,
          data: event.data,
        });
      },
    },
    onUnknownEvent: (event) => unknown.push(event),
    logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
  });
  const send = async (headers: Record<string, string>, text = body) => {
    const response = await handle(
      new Request('http://localhost/webhook', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text }),
    );
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return { send, handled, unknown, logs };
}

describe('the Neynar sender', () => {
  it('accepts a body signed with createHmac("sha512", secret) over its exact bytes, and hands on a typed event', async () => {
    const { send, handled } = receiver(SECRET);
    expect(await send({ 'x-neynar-signature': sign(SECRET) })).toEqual({ status: 200, body: 'ok' });
    expect(handled).toEqual([
      {
        eventName: 'cast.created',
        hash: '0xfe79',
        fid: 194,
        createdAt: 1708025006,
        data: expect.objectContaining({ extra: { kept: true } }),
      },
    ]);
  });

  it('accepts any secret of a rotation, given as Neynar returns them', async () => {
    const secrets: NeynarSecretsOption = [
      { uid: 'old', value: OLD, expires_at: new Date(Date.now() + 60_000).toISOString() },
      { uid: 'new', value: SECRET, expires_at: null },
    ];
    const { send } = receiver(secrets);
    expect((await send({ 'x-neynar-signature': sign(OLD) })).status).toBe(200);
    expect((await send({ 'x-neynar-signature': sign(SECRET) })).status).toBe(200);
  });

  it('refuses a delivery signed with an expired secret, and logs which one, never its value', async () => {
    const { send, handled, logs } = receiver([{ uid: 'old-uid', value: OLD, expiresAt: Date.now() - 1000 }, SECRET]);
    const answer = await send({ 'x-neynar-signature': sign(OLD) });
    expect(answer).toMatchObject({ status: 401, body: { error: 'secret_expired' } });
    expect(handled).toEqual([]);
    const line = logs.find((entry) => entry.message.includes('expired at'));
    expect(line?.message).toContain('uid old-uid');
    expect(JSON.stringify(logs)).not.toContain(OLD);
  });

  it.each([
    ['no signature', {}, 'signature_missing'],
    ['an empty signature', { 'x-neynar-signature': '' }, 'signature_missing'],
    ['a signature of the wrong length', { 'x-neynar-signature': sign(SECRET).slice(2) }, 'signature_malformed'],
    ['a signature in upper case', { 'x-neynar-signature': sign(SECRET).toUpperCase() }, 'signature_malformed'],
    ['a signature that is not hex', { 'x-neynar-signature': 'z'.repeat(128) }, 'signature_malformed'],
    ['two signature headers', { 'x-neynar-signature': `${sign(SECRET)}, ${sign(OLD)}` }, 'signature_malformed'],
    ['a signature under another secret', { 'x-neynar-signature': sign('not-the-secret') }, 'signature_mismatch'],
  ])('answers %s with 401 %s, and runs no handler', async (_name, headers, code) => {
    const { send, handled } = receiver(SECRET);
    expect(await send(headers)).toMatchObject({ status: 401, body: { error: code } });
    expect(handled).toEqual([]);
  });

  it('refuses a body re-serialised on the way, with a hint that names the cause', async () => {
    const { send } = receiver(SECRET);
    const reserialised = JSON.stringify(JSON.parse(body), null, 1);
    const answer = await send({ 'x-neynar-signature': sign(SECRET) }, reserialised);
    expect(answer).toMatchObject({
      status: 401,
      body: { error: 'signature_mismatch', message: expect.stringMatching(/re-serialises JSON/) },
    });
  });

  it('reads a secrets function on every delivery, so a rotation needs no redeploy', async () => {
    let current = OLD;
    const { send } = receiver(() => current);
    expect((await send({ 'x-neynar-signature': sign(OLD) })).status).toBe(200);
    current = SECRET;
    expect((await send({ 'x-neynar-signature': sign(OLD) })).status).toBe(401);
    expect((await send({ 'x-neynar-signature': sign(SECRET) })).status).toBe(200);
  });

  it('fails closed with 500 invalid_options when a secrets function gives nothing, and logs why', async () => {
    const { send, handled, logs } = receiver(async () => undefined);
    expect(await send({ 'x-neynar-signature': sign(SECRET) })).toMatchObject({ status: 500, body: { error: 'invalid_options' } });
    expect(handled).toEqual([]);
    expect(logs.some((entry) => entry.level === 'error' && /secrets` is missing/.test(entry.message))).toBe(true);
  });

  it.each([
    ['missing', undefined, /is missing/],
    ['empty', '', /is empty/],
    ['an empty list', [], /empty list/],
    ['padded', `${SECRET}\n`, /whitespace/],
    ['with a bad expiry', [{ value: SECRET, expiresAt: 'soon' }], /not a date/],
  ])('refuses secrets that are %s when the receiver is built, never passing a delivery', (_name, secrets, message) => {
    const build = () => webhookHandler({ sender: neynarSender({ secrets: secrets as NeynarSecretsOption }) });
    expect(build).toThrow(WebhookError);
    expect(build).toThrow(message);
  });

  it('hands a type it does not know to onUnknownEvent, answered 200', async () => {
    const text = JSON.stringify({ created_at: 1, type: 'channel.created', data: { id: 'x' } });
    const { send, unknown } = receiver(SECRET);
    expect(await send({ 'x-neynar-signature': sign(SECRET, text) }, text)).toEqual({ status: 200, body: 'ignored: unknown event' });
    expect(unknown).toEqual([{ eventName: 'channel.created', data: { id: 'x' }, createdAt: 1 }]);
  });

  it.each([
    ['no type', { created_at: 1, data: {} }, 'invalid_envelope'],
    ['data that is not an object', { created_at: 1, type: 'cast.created', data: [] }, 'invalid_envelope'],
    ['a created_at that is not a number', { created_at: 'now', type: 'cast.created', data: {} }, 'invalid_envelope'],
    ['a cast without its hash', { created_at: 1, type: 'cast.created', data: { object: 'cast', author: { fid: 1 } } }, 'invalid_payload'],
  ])('answers a signed body with %s 400 %s', async (_name, value, code) => {
    const text = JSON.stringify(value);
    const { send } = receiver(SECRET);
    expect(await send({ 'x-neynar-signature': sign(SECRET, text) }, text)).toMatchObject({ status: 400, body: { error: code } });
  });

  it('refuses a forged body before reading it as JSON: bytes that are not JSON get 401, not 400', async () => {
    const { send } = receiver(SECRET);
    expect((await send({ 'x-neynar-signature': sign('forger', 'not json') }, 'not json')).status).toBe(401);
  });
});

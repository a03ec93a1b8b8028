import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createClient } from '@farcaster/quick-auth';
import express from 'express5';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bodyParserErrorHandler } from '@social-webhooks/express';
import { memoryOpenStore, WebhookError, type OpenRecord, type OpenStore } from '@social-webhooks/core';
import { openReceiver, quickAuthVerify, type OpenReceiverOptions } from '@social-webhooks/opens';
import { openListener } from '@social-webhooks/opens/node';
import { startQuickAuthIssuer, type QuickAuthIssuer } from './support/quick-auth-keys.js';

// The opens receiver on real loopback servers, its tokens signed by a key this test holds and
// verified by quick-auth's own code (createClient({ origin }).verifyJwt, jose and a remote key set
// fetched over HTTP): an open signed for one user is never recorded for another.
const DOMAIN = 'app.example.com';

interface Served {
  readonly url: string;
  close(): Promise<void>;
}

const listen = async (server: Server): Promise<Served> => {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/opens`;
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
};

/** The same receiver mounted three ways: the Web handler, Node's listener, and Express after express.json(). */
const harnesses: { name: string; mount(options: OpenReceiverOptions): Promise<Served> }[] = [
  {
    name: 'openReceiver on @hono/node-server',
    mount: (options) => listen(serve({ fetch: openReceiver(options), port: 0, hostname: '127.0.0.1' }) as Server),
  },
  { name: 'openListener on node:http', mount: (options) => listen(createServer(openListener(options)).listen(0, '127.0.0.1')) },
  {
    name: 'openListener on Express after express.json()',
    mount: (options) =>
      listen(express().use(express.json()).all('/api/opens', openListener(options)).use(bodyParserErrorHandler()).listen(0, '127.0.0.1')),
  },
];

/** A memory store that also keeps each open handed to it, to show which FID was recorded. */
function watchedStore(): OpenStore & { readonly recorded: OpenRecord[] } {
  const store = memoryOpenStore();
  const recorded: OpenRecord[] = [];
  return {
    recorded,
    record: (open) => (recorded.push(open), store.record(open)),
    counts: (id) => store.counts(id),
  };
}

let issuer: QuickAuthIssuer;
beforeAll(async () => {
  issuer = await startQuickAuthIssuer();
});
afterAll(() => issuer.close());

const opened: Served[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((served) => served.close()));
  issuer.keySetStatus = 200;
});

const report = (url: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const answer = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> });

// Each server with quick-auth's own verifyJwt and with the package's default verification (the same
// jose calls, made without quick-auth's package): both must judge every token alike.
const verifiers = [
  { verifier: "quick-auth's verifyJwt", makeVerify: () => createClient({ origin: issuer.origin }).verifyJwt },
  { verifier: 'the default verification', makeVerify: () => quickAuthVerify(issuer.origin) },
];
const cases = harnesses.flatMap((harness) =>
  verifiers.map(({ verifier, makeVerify }) => ({ name: `${harness.name}, ${verifier}`, mount: harness.mount, makeVerify })),
);

describe.each(cases)('$name', ({ mount, makeVerify }) => {
  const start = async (options: Partial<OpenReceiverOptions> = {}) => {
    const store = watchedStore();
    const served = await mount({
      domain: DOMAIN,
      store,
      verify: makeVerify(),
      logger: false,
      ...options,
    });
    opened.push(served);
    return { store, url: served.url };
  };

  it("records the open for the token's FID, and ignores a FID in the body", async () => {
    const { store, url } = await start();
    const token = await issuer.sign({ fid: 3, domain: DOMAIN });
    expect(await answer(await report(url, token, { notificationId: 'digest-1', clientFid: 9152, fid: 4 }))).toEqual({
      status: 200,
      body: { recorded: true, unique: true },
    });
    expect(await answer(await report(url, token, { notificationId: 'digest-1', fid: 5, sub: 5 }))).toEqual({
      status: 200,
      body: { recorded: true, unique: false },
    });
    expect(store.recorded.map(({ fid, clientFid, notificationId }) => ({ fid, clientFid, notificationId }))).toEqual([
      { fid: 3, clientFid: 9152, notificationId: 'digest-1' },
      { fid: 3, clientFid: undefined, notificationId: 'digest-1' },
    ]);
    expect(await store.counts('digest-1')).toEqual({ opens: 2, uniqueOpens: 1, byClient: { '9152': { opens: 1, uniqueOpens: 1 } } });
  });

  it.each([
    ['issued for another domain', () => issuer.sign({ fid: 3, domain: 'other.example.com' })],
    [
      'expired',
      () =>
        issuer.sign({
          fid: 3,
          domain: DOMAIN,
          issuedAt: Math.floor(Date.now() / 1000) - 7200,
          expiresIn: Math.floor(Date.now() / 1000) - 3600,
        }),
    ],
    ['signed by a key not in the key set', () => issuer.signWithStrangerKey({ fid: 3, domain: DOMAIN })],
    ['issued by another issuer', () => issuer.sign({ fid: 3, domain: DOMAIN, issuer: 'https://auth.farcaster.xyz' })],
    ['tampered: its FID changed after signing', async () => retarget(await issuer.sign({ fid: 3, domain: DOMAIN }), 4)],
    ['tampered: its signature cut short', async () => (await issuer.sign({ fid: 3, domain: DOMAIN })).slice(0, -4)],
    ['not a JWT', () => Promise.resolve('not.a.jwt')],
  ])('refuses a token %s with 401 invalid_token, and records nothing', async (_case, token) => {
    const { store, url } = await start();
    const refused = await answer(await report(url, await token(), { notificationId: 'digest-1' }));
    expect(refused).toEqual({ status: 401, body: { error: 'invalid_token', message: expect.any(String) } });
    expect(store.recorded).toEqual([]);
  });

  it.each([
    ['no authorization header', undefined],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer', 'Bearer '],
  ])('answers %s with 401 missing_token, without reading the body', async (_case, authorization) => {
    const { store, url } = await start();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) },
      body: '{"notificationId":"digest-1"}',
    });
    expect(await answer(response)).toEqual({ status: 401, body: { error: 'missing_token', message: expect.any(String) } });
    expect(store.recorded).toEqual([]);
  });

  it.each([
    ['a body that is not JSON', '{"notificationId":', 'invalid_json'],
    ['a JSON array', '[]', 'body_not_object'],
    ['no notificationId', { clientFid: 9152 }, 'invalid_open'],
    ['a notificationId of 129 characters', { notificationId: 'x'.repeat(129) }, 'invalid_open'],
    ['a notificationId that is a number', { notificationId: 7 }, 'invalid_open'],
    ['a clientFid that is not a positive integer', { notificationId: 'digest-1', clientFid: -1 }, 'invalid_open'],
  ])('answers %s with 400 %s', async (_case, body, code) => {
    const { store, url } = await start();
    const token = await issuer.sign({ fid: 3, domain: DOMAIN });
    expect(await answer(await report(url, token, body))).toEqual({ status: 400, body: { error: code, message: expect.any(String) } });
    expect(store.recorded).toEqual([]);
  });

  it('answers 503 token_keys_unavailable, and records nothing, when the key set cannot be fetched', async () => {
    const { store, url } = await start({ verify: createClient({ origin: 'http://127.0.0.1:9' }).verifyJwt });
    const token = await issuer.sign({ fid: 3, domain: DOMAIN });
    expect(await answer(await report(url, token, { notificationId: 'digest-1' }))).toEqual({
      status: 503,
      body: { error: 'token_keys_unavailable', message: expect.any(String) },
    });
    expect(store.recorded).toEqual([]);
  });

  it('answers 503 open_store_unavailable when the store fails', async () => {
    const failing: OpenStore = {
      record: () => Promise.reject(new Error('store down')),
      counts: () => Promise.reject(new Error('store down')),
    };
    const { url } = await start({ store: failing });
    const token = await issuer.sign({ fid: 3, domain: DOMAIN });
    expect(await answer(await report(url, token, { notificationId: 'digest-1' }))).toEqual({
      status: 503,
      body: { error: 'open_store_unavailable', message: expect.any(String) },
    });
  });

  it('answers a GET 405 method_not_allowed', async () => {
    const { url } = await start();
    const response = await fetch(url);
    expect(response.status).toBe(405);
    expect(((await response.json()) as { error: string }).error).toBe('method_not_allowed');
  });
});

describe('openReceiver', () => {
  it('answers 503 token_keys_unavailable while the key server answers 500, then records once it answers again', async () => {
    // A fresh issuer: quick-auth keeps one key set per origin, and this one must not be cached yet.
    const fresh = await startQuickAuthIssuer();
    try {
      fresh.keySetStatus = 500;
      const store = memoryOpenStore();
      const receive = openReceiver({ domain: DOMAIN, store, verify: createClient({ origin: fresh.origin }).verifyJwt, logger: false });
      const token = await fresh.sign({ fid: 3, domain: DOMAIN });
      const post = () =>
        receive(
          new Request('http://x/api/opens', {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: '{"notificationId":"n"}',
          }),
        );
      expect((await post()).status).toBe(503);
      fresh.keySetStatus = 200;
      expect(await answer(await post())).toEqual({ status: 200, body: { recorded: true, unique: true } });
      expect((await store.counts('n')).uniqueOpens).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('answers a body over maxBodyBytes 413 payload_too_large, and one that is not JSON by its type 415, after the token', async () => {
    const store = memoryOpenStore();
    const receive = openReceiver({ domain: DOMAIN, store, verify: createClient({ origin: issuer.origin }).verifyJwt, logger: false });
    const token = await issuer.sign({ fid: 3, domain: DOMAIN });
    const post = (type: string, body: string) =>
      receive(
        new Request('http://x/api/opens', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body }),
      );
    expect(
      (await answer(await post('application/json', JSON.stringify({ notificationId: 'n', pad: 'x'.repeat(5000) })))).body,
    ).toMatchObject({ error: 'payload_too_large' });
    expect((await answer(await post('text/plain', '{"notificationId":"n"}'))).body).toMatchObject({ error: 'unsupported_media_type' });
    expect(await store.counts('n')).toEqual({ opens: 0, uniqueOpens: 0, byClient: {} });
  });

  it('counts opens and unique opens per notification and per reported client', async () => {
    const store = memoryOpenStore();
    const receive = openReceiver({ domain: DOMAIN, store, verify: createClient({ origin: issuer.origin }).verifyJwt, logger: false });
    const open = async (fid: number, body: Record<string, unknown>) => {
      const token = await issuer.sign({ fid, domain: DOMAIN });
      const response = await receive(
        new Request('http://x/api/opens', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      expect(response.status).toBe(200);
    };
    await open(3, { notificationId: 'a', clientFid: 9152 });
    await open(3, { notificationId: 'a', clientFid: 9152 });
    await open(4, { notificationId: 'a', clientFid: 9152 });
    await open(4, { notificationId: 'a', clientFid: 1 });
    await open(5, { notificationId: 'a' });
    await open(3, { notificationId: 'b' });
    expect(await store.counts('a')).toEqual({
      opens: 5,
      uniqueOpens: 3,
      byClient: { '9152': { opens: 3, uniqueOpens: 2 }, '1': { opens: 1, uniqueOpens: 1 } },
    });
    expect(await store.counts('b')).toEqual({ opens: 1, uniqueOpens: 1, byClient: {} });
    expect(await store.counts('never-sent')).toEqual({ opens: 0, uniqueOpens: 0, byClient: {} });
  });

  it.each([
    [{ domain: 'https://app.example.com' }, "'app.example.com', not 'https://app.example.com'"],
    [{ domain: '' }, '`domain` is required'],
    [{ store: {} }, '`store` is required'],
    [{ verify: 'quick-auth' }, '`verify` must be a function'],
    [{ maxBodyBytes: 10 }, '`maxBodyBytes`'],
  ])('refuses options %j with invalid_options that says the fix', (bad, says) => {
    const call = () => openReceiver({ domain: DOMAIN, store: memoryOpenStore(), ...bad } as unknown as OpenReceiverOptions);
    expect(call).toThrow(WebhookError);
    expect(call).toThrow(says);
    expect(call).toThrow(/^@social-webhooks\/opens: openReceiver\(\): /);
  });
});

/** The same token with its payload's FID replaced, its header and signature kept. */
function retarget(token: string, fid: number): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  return [header, Buffer.from(JSON.stringify({ ...claims, sub: fid })).toString('base64url'), signature].join('.');
}

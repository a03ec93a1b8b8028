import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeSignedKeyRequest } from './encode-signed-key-request.js';
import { verifyAppKeyWithHub } from './hub-app-key.js';
import { memoryAppKeyStore } from './memory-app-key-store.js';
import { verifyAppKeyWithNeynar } from './neynar-app-key.js';

const KEY = `0x${'ab'.repeat(32)}`;
const OTHER_KEY = `0x${'cd'.repeat(32)}`;
const metadata = (appFid: bigint) => Buffer.from(encodeSignedKeyRequest(appFid)).toString('base64');
/** The hub's answer for FID 3: two signers, KEY registered by the app 9152, OTHER_KEY by 1. */
const SIGNERS = {
  events: [
    {
      type: 'EVENT_TYPE_SIGNER',
      fid: 3,
      signerEventBody: { key: OTHER_KEY, keyType: 1, eventType: 'SIGNER_EVENT_TYPE_ADD', metadata: metadata(1n), metadataType: 1 },
    },
    {
      type: 'EVENT_TYPE_SIGNER',
      fid: 3,
      signerEventBody: { key: KEY, keyType: 1, eventType: 'SIGNER_EVENT_TYPE_ADD', metadata: metadata(9152n), metadataType: 1 },
    },
  ],
};

// A real hub stand-in on loopback: each test sets how it answers; every request is recorded.
let server: Server;
let hubUrl: string;
let answer: (request: IncomingMessage, response: ServerResponse) => void;
const requests: { url: string; headers: IncomingMessage['headers'] }[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push({ url: request.url!, headers: request.headers });
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hubUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
  answer = json(200, SIGNERS);
});

function json(status: number, body: unknown) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

describe('verifyAppKeyWithHub against a local hub', () => {
  it("finds the key among the FID's signers, whatever its case, and reads the app's FID from its metadata", async () => {
    const verify = verifyAppKeyWithHub({ hubUrl });
    expect(await verify(3, KEY.toUpperCase().replace('0X', '0x'))).toEqual({ valid: true, appFid: 9152 });
    expect(await verify(3, OTHER_KEY)).toEqual({ valid: true, appFid: 1 });
    // One answer holds every key of the FID: the second key is read from it, without a call.
    expect(requests.map((request) => request.url)).toEqual(['/v1/onChainSignersByFid?fid=3']);
  });

  it('answers { valid: false } for a key that is not among them, from the kept list until it is recheckMs old', async () => {
    const verify = verifyAppKeyWithHub({ hubUrl, recheckMs: 100 });
    expect(await verify(3, `0x${'ef'.repeat(32)}`)).toEqual({ valid: false });
    expect(await verify(3, `0x${'ef'.repeat(32)}`)).toEqual({ valid: false });
    expect(requests).toHaveLength(1);
    // A key the user added since: once the list is recheckMs old, a key missing from it is asked about again.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const ADDED = `0x${'ef'.repeat(32)}`;
    answer = json(200, {
      events: [...SIGNERS.events, { ...SIGNERS.events[1], signerEventBody: { ...SIGNERS.events[1]!.signerEventBody, key: ADDED } }],
    });
    expect(await verify(3, ADDED)).toEqual({ valid: true, appFid: 9152 });
    expect(requests).toHaveLength(2);
  });

  it('with recheckMs 0 asks about every missing key, concurrent ones of a FID sharing one call', async () => {
    const verify = verifyAppKeyWithHub({ hubUrl, recheckMs: 0 });
    const missing = `0x${'ef'.repeat(32)}`;
    expect(await Promise.all(Array.from({ length: 5 }, () => verify(3, missing)))).toEqual(Array(5).fill({ valid: false }));
    expect(requests).toHaveLength(1);
    await verify(3, missing);
    expect(requests).toHaveLength(2);
    // A key of the kept list still needs no call.
    expect(await verify(3, KEY)).toEqual({ valid: true, appFid: 9152 });
    expect(requests).toHaveLength(2);
  });

  it('trusts a key found valid for cacheMs without asking, then asks again', async () => {
    const verify = verifyAppKeyWithHub({ hubUrl, cacheMs: 100, recheckMs: 1_000 });
    for (let round = 0; round < 3; round++) expect(await verify(3, KEY)).toEqual({ valid: true, appFid: 9152 });
    expect(requests).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    answer = json(200, { events: [] });
    expect(await verify(3, KEY)).toEqual({ valid: false });
    expect(requests).toHaveLength(2);
  });

  it('asks every time with cacheMs 0, keeps one list per FID (every key of it), and at most maxCacheEntries FIDs', async () => {
    const uncached = verifyAppKeyWithHub({ hubUrl, cacheMs: 0 });
    await uncached(3, KEY);
    await uncached(3, KEY);
    expect(requests).toHaveLength(2);
    const small = verifyAppKeyWithHub({ hubUrl, maxCacheEntries: 1 });
    for (const key of [KEY, OTHER_KEY, KEY]) await small(3, key);
    expect(requests).toHaveLength(3);
    for (const fid of [4, 3, 4]) await small(fid, KEY);
    expect(requests.map((request) => request.url.slice(-5))).toEqual(['fid=3', 'fid=3', 'fid=3', 'fid=4', 'fid=3', 'fid=4']);
  });

  it('sends the headers given, and keeps a path in hubUrl', async () => {
    await verifyAppKeyWithHub({ hubUrl: `${hubUrl}/hub/`, headers: { 'x-api-key': 'k1' } })(3, KEY);
    expect(requests[0]).toMatchObject({ url: '/hub/v1/onChainSignersByFid?fid=3', headers: { 'x-api-key': 'k1' } });
  });

  it.each([
    ['a 500', json(500, 'internal error'), /answered 500 to onChainSignersByFid: internal error/],
    ['a 404', json(404, { errCode: 'not_found' }), /answered 404/],
    ['a body that is not JSON', json(200, '<html>'), /not JSON/],
    ['no events array', json(200, { signers: [] }), /without an events array/],
    ['an event without metadata', json(200, { events: [{ signerEventBody: { key: KEY } }] }), /signerEventBody\.key and \.metadata/],
    ['metadata that is not base64', json(200, { events: [{ signerEventBody: { key: KEY, metadata: '***' } }] }), /not base64/],
    ['metadata too short', json(200, { events: [{ signerEventBody: { key: KEY, metadata: 'AAAA' } }] }), /signer metadata/],
  ])('fails closed on %s: it throws, never answers valid', async (_name, hubAnswer, message) => {
    answer = hubAnswer;
    await expect(verifyAppKeyWithHub({ hubUrl })(3, KEY)).rejects.toThrow(message);
  });

  it('throws when the hub does not answer within timeoutMs, and aborts the request', async () => {
    let closed = false;
    answer = (request) => request.socket.once('close', () => (closed = true));
    const started = performance.now();
    await expect(verifyAppKeyWithHub({ hubUrl, timeoutMs: 50 })(3, KEY)).rejects.toThrow(/did not answer onChainSignersByFid within 50 ms/);
    expect(performance.now() - started).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(true);
  });

  it('throws when the body stalls after the status line', async () => {
    answer = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"events":[');
    };
    await expect(verifyAppKeyWithHub({ hubUrl, timeoutMs: 50 })(3, KEY)).rejects.toThrow(/within 50 ms/);
  });

  it('throws when the hub cannot be reached, naming the hub and the cause in one line', async () => {
    // `.invalid` never resolves (RFC 6761 §6.4): the ENOTFOUND of a quickstart run without network.
    const unresolvable = verifyAppKeyWithHub({ hubUrl: 'http://hub.invalid' });
    await expect(unresolvable(3, KEY)).rejects.toThrow(/^could not reach the hub at http:\/\/hub\.invalid: fetch failed \(.*ENOTFOUND/);
  });

  it.each([
    ['no options', undefined, /takes an options object/],
    ['no hubUrl', {}, /`hubUrl` must be the http\(s\) URL/],
    ['a hubUrl without a scheme', { hubUrl: 'hub.example.com' }, /`hubUrl` must be/],
    ['a ws: hubUrl', { hubUrl: 'ws://hub.example.com' }, /`hubUrl` must be/],
    ['a timeout of 0', { hubUrl: 'https://hub.example.com', timeoutMs: 0 }, /`timeoutMs` must be a whole number, 1 or more/],
    ['a negative cacheMs', { hubUrl: 'https://hub.example.com', cacheMs: -1 }, /`cacheMs` must be a whole number \(0 or more\)/],
    ['a negative recheckMs', { hubUrl: 'https://hub.example.com', recheckMs: -1 }, /`recheckMs` must be a whole number/],
    [
      'no lookups a second',
      { hubUrl: 'https://hub.example.com', maxLookupsPerSecond: 0 },
      /`maxLookupsPerSecond` must be a whole number, 1 or more/,
    ],
    ['half a lookup at once', { hubUrl: 'https://hub.example.com', maxConcurrentLookups: 0.5 }, /`maxConcurrentLookups` must be/],
    ['a store without its methods', { hubUrl: 'https://hub.example.com', store: {} }, /`store` must be an app key store/],
    [
      'a store and maxCacheEntries',
      { hubUrl: 'https://hub.example.com', store: memoryAppKeyStore(), maxCacheEntries: 5 },
      /with `store`, size that store/,
    ],
    ['a header that is not a string', { hubUrl: 'https://hub.example.com', headers: { 'x-api-key': 1 } }, /`headers` must be/],
    ['an unknown option', { hubUrl: 'https://hub.example.com', requestInit: {} }, /no option `requestInit`/],
  ])('refuses %s at once', (_name, options, message) => {
    expect(() => verifyAppKeyWithHub(options as never)).toThrow(
      expect.objectContaining({ code: 'invalid_options', message: expect.stringMatching(message) }),
    );
  });
});

describe('verifyAppKeyWithNeynar', () => {
  it("asks Neynar's hub with the API key in x-api-key", async () => {
    const asked: { url: string; headers: HeadersInit | undefined }[] = [];
    const verify = verifyAppKeyWithNeynar({
      apiKey: 'NEYNAR_KEY',
      // The request goes to the local hub; the URL and headers are what Neynar's would get.
      fetch: (url, init) => (asked.push({ url: url.href, headers: init.headers }), fetch(`${hubUrl}${url.pathname}${url.search}`, init)),
    });
    expect(await verify(3, KEY)).toEqual({ valid: true, appFid: 9152 });
    expect(asked).toEqual([{ url: 'https://hub-api.neynar.com/v1/onChainSignersByFid?fid=3', headers: { 'x-api-key': 'NEYNAR_KEY' } }]);
    expect(requests[0]?.headers['x-api-key']).toBe('NEYNAR_KEY');
  });

  it.each([
    ['no apiKey', {}, /`apiKey` is missing/],
    ['an empty apiKey', { apiKey: '' }, /`apiKey` is missing/],
    ['an apiKey with a trailing newline', { apiKey: 'key\n' }, /surrounding whitespace.*Trim it/],
    ['headers', { apiKey: 'key', headers: {} }, /use verifyAppKeyWithHub/],
    ['a hubUrl that is not http(s)', { apiKey: 'key', hubUrl: 'hub.example.com' }, /verifyAppKeyWithNeynar: `hubUrl` must be/],
    ['a timeout of 0', { apiKey: 'key', timeoutMs: 0 }, /verifyAppKeyWithNeynar: `timeoutMs`/],
  ])('refuses %s at once', (_name, options, message) => {
    expect(() => verifyAppKeyWithNeynar(options as never)).toThrow(
      expect.objectContaining({ code: 'invalid_options', message: expect.stringMatching(message) }),
    );
  });
});

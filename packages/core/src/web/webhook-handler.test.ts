import { describe, expect, it } from 'vitest';
import type { ReadBody } from '../delivery.js';
import { proceed } from '../result.js';
import type { Sender } from '../senders/sender.js';
import { buildDelivery, buildDeliveryRequest, sampleEvent } from '../testing/index.js';
import { webhookHandler } from './webhook-handler.js';

/** A Request whose body reads are recorded, by method. */
function recorded(request: Request): { request: Request; reads: string[] } {
  const reads: string[] = [];
  for (const method of ['json', 'text', 'bytes', 'arrayBuffer'] as const) {
    const original = request[method].bind(request);
    Object.defineProperty(request, method, {
      value: () => {
        reads.push(method);
        return original();
      },
    });
  }
  return { request, reads };
}

/** A sender that takes every delivery with the header `x-test`, and records the body its event step got. */
function recordingSender(readsParsedBody: boolean | undefined, got: ReadBody[]): Sender {
  return {
    name: 'test',
    eventNames: [],
    deliveryIdHeaders: [],
    keyPrefix: 'test:',
    payloadIdKeys: false,
    start: () => ({
      header: 'x-test',
      checkHeader: (value) => proceed(value),
      readEvent: (content) => {
        got.push(content);
        return proceed({ known: false, event: { eventName: 'test.event', data: {} } });
      },
      ...(readsParsedBody === undefined ? {} : { readsParsedBody }),
    }),
  };
}

/** A founding-service delivery with its declared length, as a server hands it over. */
function withLength(secret: string, body = buildDelivery({ secret }).body): Request {
  const { headers } = buildDelivery({ secret });
  const length = String(new TextEncoder().encode(body).byteLength);
  return new Request('http://localhost/webhook', { method: 'POST', headers: { ...headers, 'content-length': length }, body });
}

const delivery = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://localhost/webhook', {
    method: 'POST',
    headers: { 'x-test': 'yes', 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);

describe('core webhookHandler', () => {
  it('answers 405 with Allow: POST to other methods, without reading anything', async () => {
    const handle = webhookHandler({ secret: 'abc' });
    const response = await handle(new Request('http://localhost/webhook', { method: 'GET' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toMatchObject({ error: 'method_not_allowed' });
  });

  it('hands the Request to the handler as its context', async () => {
    let seen: Request | undefined;
    const handle = webhookHandler({ secret: 'abc', on: { 'follow.deleted': (_event, request) => void (seen = request) } });
    const request = buildDeliveryRequest({ secret: 'abc', eventName: 'follow.deleted' });
    expect((await handle(request)).status).toBe(200);
    expect(seen).toBe(request);
  });

  it('narrows the event in a switch on eventName', async () => {
    const seen: string[] = [];
    const handle = webhookHandler({
      secret: 'abc',
      on: {
        'profile.updated': (event) => {
          switch (event.eventName) {
            case 'profile.updated':
              seen.push(event.data.userId);
          }
        },
      },
    });
    await handle(buildDeliveryRequest({ secret: 'abc', eventName: 'profile.updated' }));
    expect(seen).toEqual([sampleEvent('profile.updated').data.userId]);
  });

  it('reports a handler error to onError with the event, and answers a body without its text', async () => {
    const reported: unknown[] = [];
    const handle = webhookHandler({
      secret: 'abc',
      on: { 'follow.created': () => Promise.reject(new Error('boom: token=xyz')) },
      onError: (error, event) => void reported.push(error, event.eventName),
    });
    const response = await handle(buildDeliveryRequest({ secret: 'abc' }));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('xyz');
    expect(reported).toEqual([new Error('boom: token=xyz'), 'follow.created']);
  });

  it('still answers 500 when the onError hook itself throws', async () => {
    const handle = webhookHandler({
      secret: 'abc',
      on: {
        'follow.created': () => {
          throw new Error('first');
        },
      },
      onError: () => {
        throw new Error('second');
      },
    });
    const original = console.error;
    console.error = () => undefined;
    try {
      expect((await handle(buildDeliveryRequest({ secret: 'abc' }))).status).toBe(500);
    } finally {
      console.error = original;
    }
  });

  it('stops reading a streamed body as soon as it passes the limit', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024).fill(32));
      },
    });
    const handle = webhookHandler({ secret: 'abc', maxBodyBytes: 4096 });
    const request = new Request('http://localhost/webhook', {
      method: 'POST',
      headers: { 'x-airstack-webhook': 'abc' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect((await handle(request)).status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  describe('the body read the sender asks for', () => {
    it('reads a body of declared length with request.json() for the founding sender, whose event step takes the value', async () => {
      const { request, reads } = recorded(withLength('abc'));
      expect(request.headers.get('content-length')).not.toBeNull();
      expect((await webhookHandler({ secret: 'abc', logger: false })(request)).status).toBe(200);
      expect(reads).toEqual(['json']);
    });

    it('answers 400 invalid_json when request.json() finds no JSON, and body_not_object for a value that is not an object', async () => {
      const handle = webhookHandler({ secret: 'abc', logger: false });
      const post = (body: string) => withLength('abc', body);
      expect(await (await handle(post('{"eventName":'))).json()).toMatchObject({ error: 'invalid_json' });
      expect(await (await handle(post('[1]'))).json()).toMatchObject({ error: 'body_not_object' });
      expect(await (await handle(post('null'))).json()).toMatchObject({ error: 'body_not_object' });
    });

    it('hands a parsed-body sender the value, and a bytes sender (absent or false) the bytes as they arrived', async () => {
      const body = '{"a":"\u00e9"}';
      const length = { 'content-length': String(new TextEncoder().encode(body).byteLength) };
      for (const [readsParsedBody, kind, read] of [
        [true, 'parsed', ['json']],
        [false, 'bytes', ['bytes']],
        [undefined, 'bytes', ['bytes']],
      ] as const) {
        const got: ReadBody[] = [];
        const { request, reads } = recorded(delivery(body, length));
        const response = await webhookHandler({ sender: recordingSender(readsParsedBody, got), logger: false })(request);
        expect(response.status).toBe(200);
        expect(got.map((content) => content.kind)).toEqual([kind]);
        expect(reads).toEqual(read);
        if (got[0]?.kind === 'parsed') expect(got[0].value).toEqual({ a: 'é' });
        if (got[0]?.kind === 'bytes') expect(new TextDecoder().decode(got[0].bytes)).toBe(body);
      }
    });

    it('reads a chunked body from its stream, counted, for either kind of sender', async () => {
      for (const readsParsedBody of [true, false]) {
        const got: ReadBody[] = [];
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"a":'));
            controller.enqueue(new TextEncoder().encode('1}'));
            controller.close();
          },
        });
        const { request, reads } = recorded(delivery(stream));
        expect(request.headers.get('content-length')).toBeNull();
        expect((await webhookHandler({ sender: recordingSender(readsParsedBody, got), logger: false })(request)).status).toBe(200);
        expect(reads).toEqual([]);
        expect(got.map((content) => content.kind)).toEqual(['bytes']);
      }
    });

    it('refuses a declared length over maxBodyBytes with 413 before reading a byte, and reads nothing for a wrong header', async () => {
      const handle = webhookHandler({ secret: 'abc', maxBodyBytes: 64, logger: false });
      const long = recorded(withLength('abc'));
      expect(Number(long.request.headers.get('content-length'))).toBeGreaterThan(64);
      expect((await handle(long.request)).status).toBe(413);
      expect(long.reads).toEqual([]);
      expect(long.request.bodyUsed).toBe(false);
      const forged = recorded(withLength('not-abc'));
      expect((await handle(forged.request)).status).toBe(401);
      expect(forged.reads).toEqual([]);
      expect(forged.request.bodyUsed).toBe(false);
    });
  });
});

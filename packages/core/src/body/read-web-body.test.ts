import { describe, expect, it } from 'vitest';
import { readWebBody, readWebJson } from './read-web-body.js';

const body = '{"eventName":"follow.created","data":{}}';

function post(text: string, init: RequestInit = {}): Request {
  return new Request('http://127.0.0.1/webhook', { method: 'POST', body: text, ...init });
}

/** A Request as a runtime without `Body.bytes()` hands it over (Node before 20.16, older workerd). */
function withoutBytes(request: Request): Request {
  Object.defineProperty(request, 'bytes', { value: undefined });
  return request;
}

describe('readWebBody', () => {
  for (const [name, make] of [
    ['with bytes()', (text: string) => post(text)],
    ['without bytes(), through arrayBuffer()', (text: string) => withoutBytes(post(text))],
  ] as const) {
    describe(name, () => {
      it('reads a body of declared length whole', async () => {
        const content = await readWebBody(make(body), 1024, true);
        expect(content.kind).toBe('bytes');
        expect(content.kind === 'bytes' && new TextDecoder().decode(content.bytes)).toBe(body);
      });

      it('answers too-large for a body past the limit, whatever its declared length said', async () => {
        expect(await readWebBody(make(body), body.length - 1, true)).toEqual({ kind: 'too-large' });
      });

      it('answers unavailable for a body already read', async () => {
        const request = make(body);
        await request.text();
        expect(await readWebBody(request, 1024, true)).toEqual({ kind: 'unavailable' });
      });
    });
  }

  it('reads a body without a declared length from its stream, and stops past the limit', async () => {
    const chunks = ['{"eventName":', '"follow.created",', '"data":{}}'];
    const stream = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      });
    const chunked = () => new Request('http://127.0.0.1/webhook', { method: 'POST', body: stream(), duplex: 'half' } as RequestInit);
    const whole = await readWebBody(chunked(), 1024, false);
    expect(whole.kind === 'bytes' && new TextDecoder().decode(whole.bytes)).toBe(body);
    expect(await readWebBody(chunked(), 20, false)).toEqual({ kind: 'too-large' });
  });
});

/** A Request whose reads are counted: which one the reader chose, and how often. */
function counted(request: Request): { request: Request; reads: string[] } {
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

describe('readWebJson (a sender that takes the JSON value alone)', () => {
  it("reads a body of declared length with the runtime's own request.json()", async () => {
    const { request, reads } = counted(post(body));
    expect(await readWebJson(request, 1024, true)).toEqual({ kind: 'parsed', value: { eventName: 'follow.created', data: {} } });
    expect(reads).toEqual(['json']);
  });

  it('answers not-json for a body of declared length that is not JSON, and hands on any value that is', async () => {
    expect(await readWebJson(post('{"eventName":'), 1024, true)).toEqual({ kind: 'not-json' });
    expect(await readWebJson(post(''), 1024, true)).toEqual({ kind: 'not-json' });
    expect(await readWebJson(post('[1,2]'), 1024, true)).toEqual({ kind: 'parsed', value: [1, 2] });
  });

  it('decodes bytes that are not UTF-8 to U+FFFD, as the contract does', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"a":"x'), 0xff, ...new TextEncoder().encode('"}')]);
    const request = new Request('http://127.0.0.1/webhook', { method: 'POST', body: bytes });
    expect(await readWebJson(request, 1024, true)).toEqual({ kind: 'parsed', value: { a: 'x\uFFFD' } });
  });

  it('rejects, as a read that failed, when request.json() fails for another reason than the JSON (a client that went away)', async () => {
    const request = post(body);
    Object.defineProperty(request, 'json', { value: () => Promise.reject(new Error('Network connection lost.')) });
    await expect(readWebJson(request, 1024, true)).rejects.toThrow('Network connection lost.');
  });

  it('reads a chunked body from its stream, counted, and stops past the limit', async () => {
    const chunked = () => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body.slice(0, 10)));
          controller.enqueue(new TextEncoder().encode(body.slice(10)));
          controller.close();
        },
      });
      return counted(new Request('http://127.0.0.1/webhook', { method: 'POST', body: stream, duplex: 'half' } as RequestInit));
    };
    const whole = chunked();
    const content = await readWebJson(whole.request, 1024, false);
    expect(content.kind === 'bytes' && new TextDecoder().decode(content.bytes)).toBe(body);
    expect(whole.reads).toEqual([]);
    expect(await readWebJson(chunked().request, 20, false)).toEqual({ kind: 'too-large' });
  });

  it('answers unavailable for a body already read', async () => {
    const request = post(body);
    await request.text();
    expect(await readWebJson(request, 1024, true)).toEqual({ kind: 'unavailable' });
  });
});

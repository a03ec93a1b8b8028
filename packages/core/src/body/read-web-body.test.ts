import { describe, expect, it } from 'vitest';
import { readWebBody } from './read-web-body.js';

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

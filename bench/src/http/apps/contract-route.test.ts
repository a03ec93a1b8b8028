import { describe, expect, it } from 'vitest';
import { BENCH_SECRET, HEADER, sampleBody } from '../../support/payloads.js';
import { contractRoute } from './contract-route.js';

const route = contractRoute();
const post = (body: Uint8Array | string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  route(
    new Request('http://127.0.0.1/webhook', {
      method: 'POST',
      body,
      headers: { [HEADER]: BENCH_SECRET, ...headers },
      duplex: 'half',
    } as RequestInit),
  );
const answer = async (response: Response | Promise<Response>) => {
  const settled = await response;
  return { status: settled.status, body: (await settled.json()) as unknown };
};

describe('the hand-written route that keeps the contract (the floor of the HTTP section)', () => {
  it('answers 200 to both documented payloads', async () => {
    for (const eventName of ['follow.created', 'profile.updated'] as const) {
      await expect(answer(post(sampleBody(eventName), { 'content-type': 'application/json' }))).resolves.toEqual({
        status: 200,
        body: 'ok',
      });
    }
  });

  it('decodes bytes that are not UTF-8 as request.json() does, to U+FFFD', async () => {
    const notUtf8 = new TextEncoder().encode('{"eventName":"follow.created","data":{"followerProfileId":"\u0000"}}');
    notUtf8[notUtf8.indexOf(0)] = 0xff;
    await expect(answer(post(notUtf8, { 'content-type': 'application/json' }))).resolves.toEqual({ status: 200, body: 'ok' });
  });

  it('reads a chunked body within the limit whole', async () => {
    const follow = sampleBody('follow.created');
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(follow.subarray(0, 100));
        controller.enqueue(follow.subarray(100));
        controller.close();
      },
    });
    await expect(answer(post(chunked, { 'content-type': 'application/json' }))).resolves.toEqual({ status: 200, body: 'ok' });
  });

  it('refuses what the contract refuses, where a bare request.json() route would not', async () => {
    const follow = sampleBody('follow.created');
    const notJson = new TextEncoder().encode('{"eventName":"follow.created","data":{"followerProfileId":"\u0000"');
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 17; index++) controller.enqueue(new Uint8Array(64 * 1024));
        controller.close();
      },
    });
    const cases: [Response | Promise<Response>, number][] = [
      [post(follow, { [HEADER]: `${BENCH_SECRET.slice(0, -1)}x` }), 401],
      [post(follow, { [HEADER]: 'short' }), 401],
      [post(follow, { 'content-type': 'text/plain' }), 415],
      [post(follow, { 'content-encoding': 'gzip' }), 415],
      [post(follow, { 'content-length': String(2 * 1024 * 1024) }), 413],
      [post(chunked), 413],
      [post(notJson, { 'content-type': 'application/json' }), 400],
      [post('{"eventName":"follow.created","data":[]}', { 'content-type': 'application/json' }), 400],
      [route(new Request('http://127.0.0.1/webhook', { method: 'GET', headers: { [HEADER]: BENCH_SECRET } })), 405],
    ];
    for (const [response, status] of cases) expect((await response).status).toBe(status);
  });
});

import { describe, expect, it } from 'vitest';
import { buildDeliveryRequest, sampleEvent } from '../testing/index.js';
import { webhookHandler } from './webhook-handler.js';

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
});

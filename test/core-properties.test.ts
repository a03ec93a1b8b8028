import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webhookHandler, type EventName } from '@social-webhooks/core';
import { followPayload, profilePayload } from './support/fixtures.js';

const SECRET = 'property-secret-value';
const EVENTS: EventName[] = ['profile.created', 'profile.updated', 'follow.created', 'follow.deleted'];
const payloadOf = (name: EventName) => (name.startsWith('follow') ? followPayload : profilePayload);

// A valid delivery, possibly with extra unknown fields in its data.
const validBody = fc
  .record({
    eventName: fc.constantFrom(...EVENTS),
    extra: fc.dictionary(
      fc.string().filter((k) => !(k in profilePayload) && !(k in followPayload)),
      fc.jsonValue(),
      { maxKeys: 4 },
    ),
  })
  .map(({ eventName, extra }) => ({ valid: true, text: JSON.stringify({ eventName, data: { ...extra, ...payloadOf(eventName) } }) }));

// Anything else: random text, random JSON, envelopes with broken data.
const otherBody = fc
  .oneof(
    fc.string({ maxLength: 200 }),
    fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
    fc
      .record({ eventName: fc.constantFrom(...EVENTS), data: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ userId: false })) })
      .map((value) => JSON.stringify(value)),
  )
  .map((text) => ({ valid: undefined as boolean | undefined, text }));

const header = fc.oneof(
  fc.constant({ matches: true, value: SECRET as string | undefined }),
  fc
    .string({ maxLength: 40 })
    .filter((value) => value.trim() !== SECRET)
    .map((value) => ({ matches: false, value: value as string | undefined })),
  fc.constant({ matches: false, value: undefined as string | undefined }),
  // Almost the secret: one character changed.
  fc
    .nat({ max: SECRET.length - 1 })
    .map((at) => ({ matches: false, value: SECRET.slice(0, at) + (SECRET[at] === 'x' ? 'y' : 'x') + SECRET.slice(at + 1) })),
);

function request(headerValue: string | undefined, body: string): Request {
  const headers = new Headers({ 'content-type': 'application/json' });
  // Headers refuses values it cannot carry; such a header counts as absent.
  if (headerValue !== undefined) {
    try {
      headers.set('x-airstack-webhook', headerValue);
    } catch {
      return new Request('http://localhost/webhook', { method: 'POST', headers, body });
    }
  }
  return new Request('http://localhost/webhook', { method: 'POST', headers, body });
}

describe('core receive path, for arbitrary headers and bodies', () => {
  it('runs a handler if and only if the header matches and the body is a valid event', async () => {
    await fc.assert(
      fc.asyncProperty(header, fc.oneof(validBody, otherBody), async (head, body) => {
        const calls: string[] = [];
        const handle = webhookHandler({
          secret: SECRET,
          on: Object.fromEntries(EVENTS.map((name) => [name, () => void calls.push(name)])),
        });
        const response = await handle(request(head.value, body.text));
        const status = response.status;
        if (!head.matches) {
          expect(status).toBe(401);
          expect(calls).toEqual([]);
          return;
        }
        if (body.valid) {
          expect(status).toBe(200);
          expect(calls).toHaveLength(1);
        } else {
          // Random bodies may happen to be valid events too; the rule is that a call means 200.
          expect(calls.length === 1 ? status === 200 : status !== 500).toBe(true);
        }
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
  });

  it('yields 5xx only when a handler throws', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.oneof(validBody, otherBody), async (throws, body) => {
        let ran = false;
        const handle = webhookHandler({
          secret: SECRET,
          on: Object.fromEntries(
            EVENTS.map((name) => [
              name,
              () => {
                ran = true;
                if (throws) throw new Error('handler failed');
              },
            ]),
          ),
          onError: () => undefined,
        });
        const response = await handle(request(SECRET, body.text));
        expect(response.status >= 500).toBe(ran && throws);
        expect(JSON.parse(await response.text())).toBeDefined();
      }),
      { numRuns: 300 },
    );
  });
});

import { DEFAULT_MAX_BODY_BYTES, EVENT_NAMES, type EventName } from '@social-webhooks/core';
import { buildDelivery, sampleEvent } from '@social-webhooks/core/testing';
import { HEADER } from '../support/payloads.js';

/** What a request of the mix is, and so what it must be answered. */
export type RequestClass = 'valid' | 'wrong-header' | 'malformed' | 'too-large';

export const EXPECTED_STATUS: Readonly<Record<RequestClass, number>> = {
  valid: 200,
  'wrong-header': 401,
  malformed: 400,
  'too-large': 413,
};

/** One request of the cycle: its class, and for a valid one, the event its handler logs. */
export interface MixedRequest {
  readonly requestClass: RequestClass;
  readonly eventName: EventName | undefined;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/** One header value per webhook, bound to its event type, so flat deliveries are typed (docs/contract.md §Body forms). */
export function loadtestSecrets(): Record<EventName, string> {
  return Object.fromEntries(EVENT_NAMES.map((name) => [name, `loadtest-${name.replace('.', '-')}-7c1e9a4f2b8d6e3a`])) as Record<EventName, string>;
}

/** The cycle's length: every connection runs whole cycles, so each class's share is exact. */
export const CYCLE_LENGTH = 40;

/**
 * The cycle of 40 requests each connection repeats, classes interleaved: 24 valid deliveries (each
 * event type in the envelope and the flat form, 3 times), 8 with a wrong header (missing, first or
 * last byte changed, other length), 4 malformed JSON bodies, 4 bodies over the 1 MiB default limit.
 */
export function requestCycle(secrets: Record<EventName, string>): MixedRequest[] {
  const json = { 'content-type': 'application/json' };
  const follow = secrets['follow.created'];
  const valid = EVENT_NAMES.flatMap((eventName) =>
    (['envelope', 'flat'] as const).map((form): MixedRequest => {
      const delivery = buildDelivery({ secret: secrets[eventName], eventName, form });
      return { requestClass: 'valid', eventName, headers: { ...delivery.headers }, body: Buffer.from(delivery.body) };
    }),
  );
  const validBody = Buffer.from(buildDelivery({ secret: follow, eventName: 'follow.created' }).body);
  const wrong = [{}, { [HEADER]: `X${follow.slice(1)}` }, { [HEADER]: `${follow.slice(0, -1)}X` }, { [HEADER]: `${follow}-rotated` }].map(
    (header): MixedRequest => ({ requestClass: 'wrong-header', eventName: undefined, headers: { ...json, ...header }, body: validBody }),
  );
  const malformed = [
    validBody.subarray(0, validBody.length - 10),
    Buffer.concat([validBody, Buffer.from(' trailing')]),
    Buffer.from('eventName=follow.created&data=1'),
    Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
  ].map((body): MixedRequest => ({ requestClass: 'malformed', eventName: undefined, headers: { ...json, [HEADER]: follow }, body }));
  const tooLarge: MixedRequest = {
    requestClass: 'too-large',
    eventName: undefined,
    headers: { ...json, [HEADER]: follow },
    body: oversizedBody(DEFAULT_MAX_BODY_BYTES + 1_024),
  };
  // Per 10 slots: 6 valid, 2 wrong header, 1 malformed, 1 too large.
  const cycle: MixedRequest[] = [];
  for (let slot = 0; slot < CYCLE_LENGTH; slot++) {
    const group = Math.floor(slot / 10);
    const position = slot % 10;
    if (position < 6) cycle.push(valid[(group * 6 + position) % valid.length]!);
    else if (position < 8) cycle.push(wrong[(group * 2 + position - 6) % wrong.length]!);
    else if (position === 8) cycle.push(malformed[group]!);
    else cycle.push(tooLarge);
  }
  return cycle;
}

// A well-formed follow.created envelope of `size` bytes, so only its size can be why it is refused.
function oversizedBody(size: number): Buffer {
  const { data } = sampleEvent('follow.created');
  const text = JSON.stringify({ eventName: 'follow.created', data: { ...data, padding: '' } });
  return Buffer.from(text.replace('"padding":""', `"padding":"${'x'.repeat(size - text.length)}"`));
}

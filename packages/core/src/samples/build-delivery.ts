import type { EventName } from '../schema/event-names.js';
import { DEFAULT_HEADER } from '../options/resolve-options.js';
import { sampleEvent } from './samples.js';

/** What {@link buildDelivery} takes. */
export interface DeliveryInit {
  /** The header value to send (the webhook's `header_value`). */
  readonly secret: string;
  /** The event type. Default `follow.created`. */
  readonly eventName?: EventName | (string & {});
  /** The payload. Default: the documented sample of `eventName`. */
  readonly data?: unknown;
  /** `envelope` sends `{ eventName, data }`; `flat` sends the payload alone. Default `envelope`. */
  readonly form?: 'envelope' | 'flat';
  /** The delivery header's name. Default `x-airstack-webhook`. */
  readonly header?: string;
}

/** A delivery as the service sends it: headers and the JSON body text. */
export interface BuiltDelivery {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Builds the headers and body of a delivery, for supertest, Hono's `app.request` or `fetch`.
 * @example
 * const { headers, body } = buildDelivery({ secret: 's3cret', eventName: 'follow.created' });
 * await request(app).post('/webhook').set(headers).send(body);
 */
export function buildDelivery(init: DeliveryInit): BuiltDelivery {
  const eventName = init.eventName ?? 'follow.created';
  const data = 'data' in init ? init.data : defaultData(eventName);
  const body = init.form === 'flat' ? data : { eventName, data };
  return {
    headers: { 'content-type': 'application/json', [init.header ?? DEFAULT_HEADER]: init.secret },
    body: JSON.stringify(body),
  };
}

/** The same delivery as a Web `Request` to `url` (default `http://localhost/webhook`). */
export function buildDeliveryRequest(init: DeliveryInit, url = 'http://localhost/webhook'): Request {
  const { headers, body } = buildDelivery(init);
  return new Request(url, { method: 'POST', headers, body });
}

function defaultData(eventName: string): unknown {
  const known: readonly string[] = ['profile.created', 'profile.updated', 'follow.created', 'follow.deleted'];
  return known.includes(eventName) ? sampleEvent(eventName as EventName).data : {};
}

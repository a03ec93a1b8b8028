import { isNeynarEventName, type NeynarEventName } from '../senders/neynar/event-names.js';
import { createHmacSha512 } from '../senders/neynar/hmac-sha512.js';
import { neynarSampleBody } from '../senders/neynar/samples.js';
import { NEYNAR_SIGNATURE_HEADER } from '../senders/neynar/signature.js';
import type { BuiltDelivery } from './build-delivery.js';
import { toHex } from '../hex.js';

/** What {@link buildNeynarDelivery} takes. */
export interface NeynarDeliveryInit {
  /** The webhook's secret the delivery is signed with. */
  readonly secret: string;
  /** The event type. Default `cast.created`. */
  readonly type?: NeynarEventName | (string & {});
  /** The `data` to send. Default: a realistic sample of `type` (`{}` for a type the library does not know). */
  readonly data?: unknown;
  /** The body's `created_at`, in unix seconds. Default: now. */
  readonly createdAt?: number;
}

const hmac = createHmacSha512();
const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * Builds a delivery as Neynar sends it: the body `{ created_at, type, data }` and the
 * `x-neynar-signature` header, the hex HMAC-SHA512 of the body's bytes under `secret`. Async,
 * since a runtime without `node:crypto` signs through Web Crypto.
 * @example
 * const { headers, body } = await buildNeynarDelivery({ secret: 'whsec', type: 'cast.created' });
 * await request(app).post('/webhook').set(headers).send(body);
 */
export async function buildNeynarDelivery(init: NeynarDeliveryInit): Promise<BuiltDelivery> {
  const type = init.type ?? 'cast.created';
  const createdAt = init.createdAt ?? Math.floor(Date.now() / 1000);
  const sample = isNeynarEventName(type) ? neynarSampleBody(type, createdAt) : { created_at: createdAt, type, data: {} };
  const body = JSON.stringify('data' in init ? { ...sample, data: init.data } : sample);
  const signature = await hmac(init.secret, encoder.encode(body));
  return {
    headers: {
      'content-type': 'application/json',
      [NEYNAR_SIGNATURE_HEADER]: typeof signature === 'string' ? signature : toHex(signature),
    },
    body,
  };
}

/** The same delivery as a Web `Request` to `url` (default `http://localhost/webhook`). */
export async function buildNeynarDeliveryRequest(init: NeynarDeliveryInit, url = 'http://localhost/webhook'): Promise<Request> {
  const { headers, body } = await buildNeynarDelivery(init);
  return new Request(url, { method: 'POST', headers, body });
}

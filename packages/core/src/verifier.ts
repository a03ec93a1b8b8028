import type { BodyContent } from './delivery.js';
import type { WebhookErrorCode } from './errors.js';
import { failure, type ReceiveResult } from './result.js';
import type { UnknownWebhookEvent } from './schema/types.js';
import type { SenderChoice, WebhookOptions } from './options/options.js';
import { resolveOptions } from './options/resolve-options.js';
import type { AirstackEvents } from './senders/airstack/airstack-sender.js';
import type { EventMap, EventOf } from './senders/sender.js';
import { createBodyReader } from './body/read-body.js';

/**
 * What {@link deliveryVerifier} takes: the receiver's options that decide whether a delivery is
 * valid: the sender (the founding service's `secret` and `header`, or `sender`) and `maxBodyBytes`.
 */
export type VerifierOptions<Events extends EventMap = AirstackEvents> = SenderChoice<Events> & {
  /** The largest body accepted, in bytes. Default 1 MiB. */
  readonly maxBodyBytes?: number;
};

/** One delivery as received or stored anywhere: its header value, content type and body. */
export interface DeliveryInput {
  /**
   * The value of the sender's header (`x-airstack-webhook` by default, `x-neynar-signature` for
   * Neynar); absent or empty is refused. Mini App events carry their proof in the body: leave it out.
   */
  readonly header?: string | null | undefined;
  /** The `content-type` header, if any; absent is accepted, as by the receiver. */
  readonly contentType?: string | null | undefined;
  /** The `content-encoding` header, if any: a compressed body is refused (415), as by the receiver. */
  readonly contentEncoding?: string | null | undefined;
  /** The body exactly as received: bytes (a `Buffer` is fine) or text. Never a parsed object. */
  readonly body: Uint8Array | string;
  /**
   * The request's other headers, optional: a record by lower-case name (Node's `req.headers`, a
   * Lambda event's `headers`) or a `Headers`. Read only to recognise another sender's delivery, which
   * is then refused 401 `wrong_sender` naming the sender to configure, as by the receiver; without
   * them, such a delivery is refused as one missing its proof.
   */
  readonly headers?: Readonly<Record<string, string | readonly string[] | undefined>> | { get(name: string): string | null };
}

/**
 * A verified delivery's event (`known: false` for an event name the library does not know, whose
 * data is not validated), or a refusal with the status and stable code the receiver would answer.
 */
export type VerifyResult<Events extends EventMap = AirstackEvents> =
  | { readonly ok: true; readonly known: true; readonly event: EventOf<Events> }
  | { readonly ok: true; readonly known: false; readonly event: UnknownWebhookEvent }
  | {
      readonly ok: false;
      readonly status: number;
      readonly code: WebhookErrorCode;
      readonly message: string;
      /** The JSON answer, `{ error, message }`, ready to send. */
      readonly body: string;
    };

/** Checks one delivery; never rejects. */
export type DeliveryVerifier<Events extends EventMap = AirstackEvents> = (delivery: DeliveryInput) => Promise<VerifyResult<Events>>;

const SOURCE = '@social-webhooks/core';
const encoder = /* @__PURE__ */ new TextEncoder();
const NOT_RAW = /* @__PURE__ */ failure('invalid_json', 'The body must be the bytes or text as received, not a parsed object.');

/**
 * The framework-free call, for AWS Lambda, a custom server, or a queue consumer that re-checks a
 * stored request: the receiver's route up to the handler (docs/contract.md §Statuses, the same steps
 * in the same order: header, content type and size, JSON, event), returning the typed event or the
 * refusal the receiver would answer. Runs no handler.
 *
 * Like Stripe's `constructEventAsync`, it needs the body as received, not a parsed and re-serialised object.
 *
 * @param options `secret` (required without `sender`), `header` (default `x-airstack-webhook`) or
 *   `sender` (`neynarSender({ secrets })`, …), and `maxBodyBytes` (default 1 MiB).
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * const verify = deliveryVerifier({ secret: process.env.WEBHOOK_SECRET });
 * const result = await verify({ header: event.headers['x-airstack-webhook'], contentType: event.headers['content-type'], body: event.body });
 * if (!result.ok) return { statusCode: result.status, body: result.body };
 */
export function deliveryVerifier<Events extends EventMap = AirstackEvents>(options: VerifierOptions<Events>): DeliveryVerifier<Events> {
  // Only the options that decide validity are read: no handler, hook or logger ever runs here.
  const picked =
    options === null || typeof options !== 'object'
      ? options
      : options.sender === undefined
        ? { secret: options.secret, header: options.header, maxBodyBytes: options.maxBodyBytes }
        : { sender: options.sender, maxBodyBytes: options.maxBodyBytes };
  const resolved = resolveOptions(picked as WebhookOptions<unknown, EventMap>, SOURCE);
  const { checkHeader, readEvent } = resolved.steps;
  const readBody = createBodyReader(resolved.maxBodyBytes);

  return async function verifyDelivery({ header, contentType, contentEncoding, body, headers }) {
    // A `secret` given as a function is read on the first delivery, as by the receiver.
    const proof = await checkHeader(header, headers === undefined ? undefined : headerReader(headers));
    if (!proof.ok) return refused(proof.answer);
    if (typeof body !== 'string' && !isUint8Array(body)) {
      // Checked after the header: a forged delivery learns nothing, as from the receiver.
      return refused(NOT_RAW);
    }
    const content = await readBody({
      header,
      contentType,
      contentEncoding,
      contentLength: undefined,
      readBody: (limit) => asContent(body, limit),
      context: undefined,
    });
    if (!content.ok) return refused(content.answer);
    const event = await readEvent(content.value, proof.value);
    if (!event.ok) return refused(event.answer);
    return { ok: true, ...event.value } as VerifyResult<Events>;
  };
}

/** The body as the body step expects it; the limit counts UTF-8 bytes, not characters. */
function asContent(body: Uint8Array | string, limit: number): BodyContent {
  if (typeof body === 'string') return encoder.encode(body).byteLength > limit ? { kind: 'too-large' } : { kind: 'text', text: body };
  return body.byteLength > limit ? { kind: 'too-large' } : { kind: 'bytes', bytes: body };
}

function refused(answer: ReceiveResult): VerifyResult<never> {
  const { message } = JSON.parse(answer.body) as { message: string };
  return { ok: false, status: answer.status, code: answer.code as WebhookErrorCode, message, body: answer.body };
}

/**
 * Whether a value is a `Uint8Array` (a `Buffer` too), of this realm or another: a body read by the
 * host of a sandbox (Next.js's Edge runtime, a `node:vm` context) is no instance of this realm's class.
 */
function isUint8Array(value: unknown): value is Uint8Array {
  return ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]';
}

/** Reads one header of a record or a `Headers` by its lower-case name, a repeated one joined as HTTP joins it. */
function headerReader(headers: NonNullable<DeliveryInput['headers']>): (name: string) => string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (name) => (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  return (name) => {
    const value = (headers as Readonly<Record<string, string | readonly string[] | undefined>>)[name];
    return typeof value === 'string' ? value : value?.join(', ');
  };
}

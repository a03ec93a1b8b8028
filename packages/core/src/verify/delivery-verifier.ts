import { createSecretMatcher } from '../auth/secret-matcher.js';
import type { WebhookErrorCode } from '../errors.js';
import type { UnknownWebhookEvent, WebhookEvent } from '../events/types.js';
import type { WebhookOptions } from '../options/options.js';
import { resolveOptions } from '../options/resolve-options.js';
import { isJsonContentType } from '../receive/content-type.js';
import { failure, type ReceiveResult } from '../receive/outcome.js';
import { parseBody } from '../receive/parse-body.js';
import { createRefusals } from '../receive/refusals.js';
import { toEvent } from '../receive/to-event.js';

/** What {@link deliveryVerifier} takes: the receiver's options that decide whether a delivery is valid. */
export type VerifierOptions = Pick<WebhookOptions<unknown>, 'secret' | 'header' | 'maxBodyBytes'>;

/** One delivery as stored or received anywhere: its header value, content type and body. */
export interface DeliveryInput {
  /** The delivery header's value (`x-airstack-webhook` by default); absent or empty is refused. */
  readonly header: string | null | undefined;
  /** The `content-type` header, if any; absent is accepted, as by the receiver. */
  readonly contentType?: string | null | undefined;
  /** The body exactly as received: bytes (a `Buffer` is fine) or text. Never a parsed object. */
  readonly body: Uint8Array | string;
}

/**
 * A verified delivery's event (`known: false` for an event name the library does not know, whose
 * data is not validated), or a refusal with the status and stable code the receiver would answer.
 */
export type VerifyResult =
  | { readonly ok: true; readonly known: true; readonly event: WebhookEvent }
  | { readonly ok: true; readonly known: false; readonly event: UnknownWebhookEvent }
  | {
      readonly ok: false;
      readonly status: number;
      readonly code: WebhookErrorCode;
      readonly message: string;
      /** The JSON answer, `{ error, message }`, ready to send. */
      readonly body: string;
    };

/** Checks one delivery; never throws. */
export type DeliveryVerifier = (delivery: DeliveryInput) => VerifyResult;

const encoder = new TextEncoder();

/**
 * The framework-free call, for AWS Lambda, a custom server, or a queue consumer that re-checks a
 * stored request: checks the header in constant time, the content type, the size, parses and
 * validates the body, and returns the typed event, or the refusal the receiver would answer (the
 * same codes, in the same order: receiver contract §2). Runs no handler, and is synchronous.
 *
 * Like Stripe's `constructEvent`, it needs the body as received, not a parsed and re-serialised object.
 *
 * @param options `secret` (required), `header` (default `x-airstack-webhook`), `maxBodyBytes`
 *   (default 1 MiB).
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * const verify = deliveryVerifier({ secret: process.env.WEBHOOK_SECRET });
 * const result = verify({ header: event.headers['x-airstack-webhook'], contentType: event.headers['content-type'], body: event.body });
 * if (!result.ok) return { statusCode: result.status, body: result.body };
 */
export function deliveryVerifier(options: VerifierOptions): DeliveryVerifier {
  const resolved = resolveOptions<unknown>(
    { secret: options?.secret, header: options?.header, maxBodyBytes: options?.maxBodyBytes } as WebhookOptions<unknown>,
    '@social-webhooks/core',
  );
  const matchSecret = createSecretMatcher(resolved.secrets);
  const { maxBodyBytes } = resolved;
  const refusals = createRefusals(resolved.header, maxBodyBytes);

  return function verifyDelivery({ header, contentType, body }) {
    if (header === null || header === undefined || header === '') return refused(refusals.headerMissing);
    const secret = matchSecret(header);
    if (secret === undefined) return refused(refusals.headerMismatch);
    if (contentType !== null && contentType !== undefined && contentType !== '' && !isJsonContentType(contentType)) {
      return refused(refusals.unsupportedMediaType);
    }
    if (typeof body !== 'string' && !(body instanceof Uint8Array)) {
      return refused(failure('invalid_json', 'The body must be the bytes or text as received, not a parsed object.'));
    }
    const size = typeof body === 'string' ? encoder.encode(body).byteLength : body.byteLength;
    if (size > maxBodyBytes) return refused(refusals.tooLarge);
    const parsed = parseBody(typeof body === 'string' ? { kind: 'text', text: body } : { kind: 'bytes', bytes: body });
    if (!parsed.ok) return refused(failure(parsed.code, parsed.message));
    const event = toEvent(parsed.value, secret);
    if (event.kind === 'refused') return refused(event.result);
    return event.kind === 'known' ? { ok: true, known: true, event: event.event } : { ok: true, known: false, event: event.event };
  };
}

function refused(result: ReceiveResult): VerifyResult {
  const { message } = JSON.parse(result.body) as { message: string };
  return { ok: false, status: result.status, code: result.code as WebhookErrorCode, message, body: result.body };
}

import type { ReadBody } from '../../delivery.js';
import { WebhookError } from '../../errors.js';
import { parseBody } from '../../body/parse-body.js';
import type { ResolvedLogger } from '../../observe/logger.js';
import { proceed, refusal, type Step, type Stop } from '../../result.js';
import { DEFAULT_DELIVERY_ID_HEADERS } from '../../dedupe/delivery-id.js';
import type { ReceivedEvent, Sender, SenderSteps } from '../sender.js';
import { recogniseOtherSender } from '../recognise-sender.js';
import { NEYNAR_EVENT_NAMES } from './event-names.js';
import { createHmacSha512 } from './hmac-sha512.js';
import { matchSignature } from './match-signature.js';
import { toNeynarSecrets, type NeynarSecretsOption, type NeynarSecretsSource, type PreparedSecret } from './secrets.js';
import { malformedRefusals, NEYNAR_SIGNATURE_HEADER, parseSignature } from './signature.js';
import { toNeynarEvent } from './to-neynar-event.js';
import { NEYNAR_HINTS } from './hints.js';
import { isThenable } from '../../is-thenable.js';
import type { NeynarEvents } from './types.js';

/** What {@link neynarSender} takes. */
export interface NeynarSenderOptions {
  /**
   * The webhook's secret, or several while a rotation is under way, each optionally with its
   * `expiresAt` (Neynar's `webhook.secrets` from the SDK fits as it is). A function is called for
   * every delivery, so a rotation needs no redeploy. Required, never empty: a missing secret is an
   * `invalid_options` error at start-up (or, from a function, a 500 the sender retries), never a pass.
   */
  readonly secrets: NeynarSecretsOption | NeynarSecretsSource;
  /**
   * The header the signature arrives in, case-insensitive. Default `x-neynar-signature`. Hypersnap
   * signs Neynar's bodies the same way in `X-Hypersnap-Signature` (its operator may rename it):
   * `neynarSender({ secrets, signatureHeader: 'x-hypersnap-signature' })`.
   */
  readonly signatureHeader?: string | undefined;
}

// RFC 9110 §5.6.2: a field name is a token.
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** The refusals that name the signature header, built once per receiver. */
function headerRefusals(header: string) {
  return {
    missing: refusal('signature_missing', `The ${header} header is missing: the delivery is not signed.`),
    mismatch: refusal(
      'signature_mismatch',
      `The ${header} header is not the HMAC-SHA512 of the body under any of the webhook's secrets. If the secret is ` +
        'right, the body changed on the way: a proxy or a body parser that re-serialises JSON changes its bytes, and the ' +
        'signature covers the bytes as Neynar sent them. Mount the receiver before body parsers.',
    ),
    malformed: malformedRefusals(header),
  };
}
const SECRET_EXPIRED = /* @__PURE__ */ refusal(
  'secret_expired',
  "The delivery is signed with one of the webhook's secrets that has expired.",
);
const SECRETS_UNAVAILABLE = /* @__PURE__ */ refusal(
  'invalid_options',
  "The receiver's Neynar secrets are not configured; the server's log says how to fix it.",
);
const BODY_PARSED = /* @__PURE__ */ refusal(
  'body_unavailable',
  'A body parser consumed the request before the receiver: the Neynar signature covers the bytes as sent, which a parsed ' +
    'body no longer has. Mount the receiver before body parsers (express.json(), …), or keep the raw body (NestJS rawBody: true).',
);

/**
 * Neynar's webhooks (docs/contract.md §Senders): `{ created_at, type, data }` bodies signed in
 * `X-Neynar-Signature` with the hex HMAC-SHA512 of the body's bytes, under one of the webhook's
 * secrets; nine event types. The signature is checked on the bytes as received (never a
 * re-serialisation), against every secret, in constant time, once the body is in: so `maxBodyBytes`
 * and `bodyTimeoutMs` apply before the check.
 *
 * @throws {WebhookError} `invalid_options` when the receiver is built with a missing, empty or
 *   malformed secret, or a `signatureHeader` that is not a header name.
 * @example
 * const receive = webhookHandler({
 *   // A function: read on each delivery, so a build without the variable does not fail. A rotation
 *   // is the same variable as a JSON array: NEYNAR_WEBHOOK_SECRET='["new-secret","old-secret"]'.
 *   sender: neynarSender({ secrets: () => process.env.NEYNAR_WEBHOOK_SECRET }),
 *   on: { 'cast.created': (event) => console.log(event.data.author.fid, event.data.text) },
 * });
 */
export function neynarSender(options: NeynarSenderOptions): Sender<NeynarEvents> {
  return {
    name: 'neynar',
    eventNames: NEYNAR_EVENT_NAMES,
    deliveryIdHeaders: DEFAULT_DELIVERY_ID_HEADERS,
    keyPrefix: 'neynar:',
    payloadIdKeys: false,
    hints: NEYNAR_HINTS,
    start({ source, logger }): SenderSteps<Uint8Array> {
      const { secrets, signatureHeader } = (options ?? {}) as Partial<NeynarSenderOptions>;
      const header = checkSignatureHeader(signatureHeader, source);
      const refusals = headerRefusals(header);
      const current = secretsReader(secrets, source, logger);
      const hmac = createHmacSha512();
      return {
        header,
        // An HMAC of the body: it proves the body to whoever holds the secret, and reveals nothing of it.
        publicProofHeader: true,
        checkHeader(value, headers) {
          if (value === null || value === undefined || value === '') return recogniseOtherSender('neynar', headers) ?? refusals.missing;
          const signature = parseSignature(value, refusals.malformed);
          return signature instanceof Uint8Array ? proceed(signature) : signature;
        },
        readEvent(content, signature) {
          const bytes = bytesOf(content);
          if (bytes === undefined) return BODY_PARSED;
          const prepared = current();
          if (isThenable(prepared)) return Promise.resolve(prepared).then((list) => verify(list, bytes, signature, content));
          return verify(prepared, bytes, signature, content);
        },
      };

      function verify(
        list: readonly PreparedSecret[] | Stop,
        bytes: Uint8Array,
        signature: Uint8Array,
        content: ReadBody,
      ): Step<ReceivedEvent> | Promise<Step<ReceivedEvent>> {
        if (!Array.isArray(list)) return list as Stop;
        const found = matchSignature(hmac, list, bytes, signature);
        return isThenable(found)
          ? Promise.resolve(found).then((index) => afterMatch(list, index, content))
          : afterMatch(list, found, content);
      }

      function afterMatch(list: readonly PreparedSecret[], index: number, content: ReadBody): Step<ReceivedEvent> {
        if (index < 0) return refusals.mismatch;
        const secret = list[index]!;
        if (secret.expiresAtMs <= Date.now()) {
          logger.warn(
            `social-webhooks: a Neynar delivery was signed with the secret ${secret.label}, which expired at ` +
              `${new Date(secret.expiresAtMs).toISOString()}; answered 401. Update the webhook's secrets.`,
            { code: 'secret_expired' },
          );
          return SECRET_EXPIRED;
        }
        const body = parseBody(content);
        return body.ok ? toNeynarEvent(body.value) : body;
      }
    },
  };
}

/** The signature header's name, lower-cased: `x-neynar-signature` unless `signatureHeader` names another. */
function checkSignatureHeader(signatureHeader: unknown, source: string): string {
  if (signatureHeader === undefined) return NEYNAR_SIGNATURE_HEADER;
  const header = typeof signatureHeader === 'string' ? signatureHeader.toLowerCase() : '';
  if (!TOKEN.test(header)) {
    throw new WebhookError(
      'invalid_options',
      `${source}: neynarSender's \`signatureHeader\` must be an HTTP header name such as "x-hypersnap-signature" ` +
        `(default "${NEYNAR_SIGNATURE_HEADER}"); got ${typeof signatureHeader === 'string' ? JSON.stringify(signatureHeader) : typeof signatureHeader}.`,
    );
  }
  return header;
}

/**
 * The secrets for each delivery: prepared once when given as a value, read on every delivery when
 * given as a function (a failure there answers 500 `invalid_options`, which Neynar retries, and
 * its reason goes to the log, never into the answer).
 */
function secretsReader(
  secrets: NeynarSecretsOption | NeynarSecretsSource | undefined,
  source: string,
  logger: ResolvedLogger,
): () => readonly PreparedSecret[] | Stop | Promise<readonly PreparedSecret[] | Stop> {
  if (typeof secrets !== 'function') {
    const prepared = toNeynarSecrets(secrets, source);
    return () => prepared;
  }
  const unavailable = (error: unknown): Stop => {
    const reason =
      error instanceof WebhookError
        ? error
        : new WebhookError('invalid_options', `${source}: neynarSender's \`secrets\` function threw, so no delivery can be checked.`, {
            cause: error,
          });
    // The message once: the error beside it is what the function threw (its own message and
    // stack), never the WebhookError that repeats the line (issue 33, item 9).
    logger.error(reason.message, reason.cause === undefined ? { code: reason.code } : { code: reason.code, error: reason.cause });
    return SECRETS_UNAVAILABLE;
  };
  // The list a function returns is prepared again only when it is another list.
  let last: { readonly input: unknown; readonly prepared: readonly PreparedSecret[] } | undefined;
  const prepare = (input: NeynarSecretsOption | undefined): readonly PreparedSecret[] | Stop => {
    if (last !== undefined && last.input === input) return last.prepared;
    try {
      last = { input, prepared: toNeynarSecrets(input, source) };
      return last.prepared;
    } catch (error) {
      return unavailable(error);
    }
  };
  return function readSecrets() {
    let returned: ReturnType<NeynarSecretsSource>;
    try {
      returned = secrets();
    } catch (error) {
      return unavailable(error);
    }
    return isThenable(returned) ? Promise.resolve(returned).then(prepare, unavailable) : prepare(returned);
  };
}

const encoder = /* @__PURE__ */ new TextEncoder();

/** The body's bytes as received: a text body is encoded back (it was decoded from UTF-8); a parsed one has none. */
function bytesOf(content: ReadBody): Uint8Array | undefined {
  if (content.kind === 'bytes') return content.bytes;
  if (content.kind === 'text') return encoder.encode(content.text);
  return undefined;
}

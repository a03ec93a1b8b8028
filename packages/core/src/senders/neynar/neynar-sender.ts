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
import { NEYNAR_SIGNATURE_HEADER, parseSignature } from './signature.js';
import { toNeynarEvent } from './to-neynar-event.js';
import { NEYNAR_HINTS } from './hints.js';
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
}

const SIGNATURE_MISSING = /* @__PURE__ */ refusal(
  'signature_missing',
  'The x-neynar-signature header is missing: the delivery is not signed.',
);
const SIGNATURE_MISMATCH = /* @__PURE__ */ refusal(
  'signature_mismatch',
  "The x-neynar-signature header is not the HMAC-SHA512 of the body under any of the webhook's secrets. If the secret is " +
    'right, the body changed on the way: a proxy or a body parser that re-serialises JSON changes its bytes, and the ' +
    'signature covers the bytes as Neynar sent them. Mount the receiver before body parsers.',
);
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
 *   malformed secret.
 * @example
 * const receive = webhookHandler({
 *   sender: neynarSender({ secrets: process.env.NEYNAR_WEBHOOK_SECRET }),
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
      const { secrets } = (options ?? {}) as Partial<NeynarSenderOptions>;
      const current = secretsReader(secrets, source, logger);
      const hmac = createHmacSha512();
      return {
        header: NEYNAR_SIGNATURE_HEADER,
        checkHeader(value, headers) {
          if (value === null || value === undefined || value === '') return recogniseOtherSender('neynar', headers) ?? SIGNATURE_MISSING;
          const signature = parseSignature(value);
          return signature instanceof Uint8Array ? proceed(signature) : signature;
        },
        readEvent(content, signature) {
          const bytes = bytesOf(content);
          if (bytes === undefined) return BODY_PARSED;
          const prepared = current();
          if (prepared instanceof Promise) return prepared.then((list) => verify(list, bytes, signature, content));
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
        return found instanceof Promise ? found.then((index) => afterMatch(list, index, content)) : afterMatch(list, found, content);
      }

      function afterMatch(list: readonly PreparedSecret[], index: number, content: ReadBody): Step<ReceivedEvent> {
        if (index < 0) return SIGNATURE_MISMATCH;
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
    logger.error(reason.message, { code: reason.code, error: reason });
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
    return isPromiseLike(returned) ? Promise.resolve(returned).then(prepare, unavailable) : prepare(returned);
  };
}

function isPromiseLike(value: unknown): value is PromiseLike<NeynarSecretsOption | undefined> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

const encoder = /* @__PURE__ */ new TextEncoder();

/** The body's bytes as received: a text body is encoded back (it was decoded from UTF-8); a parsed one has none. */
function bytesOf(content: ReadBody): Uint8Array | undefined {
  if (content.kind === 'bytes') return content.bytes;
  if (content.kind === 'text') return encoder.encode(content.text);
  return undefined;
}

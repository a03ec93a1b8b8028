import { parseBody } from '../../body/parse-body.js';
import { WebhookError } from '../../errors.js';
import { proceed, refusal, type Step } from '../../result.js';
import type { ReceivedEvent, Sender, SenderSetup, SenderSteps } from '../sender.js';
import { recogniseOtherSender } from '../recognise-sender.js';
import { createAppKeyCheck, type VerifyAppKey } from './app-key-check.js';
import { createEd25519Verify, type SignatureVerdict } from './ed25519.js';
import { isThenable } from '../../is-thenable.js';
import { MINI_APP_EVENT_NAMES } from './event-names.js';
import { readSignedBody, type SignedBody } from './signed-body.js';
import { toMiniAppEvent } from './to-event.js';
import type { MiniAppEvents } from './types.js';
import { MINI_APP_HINTS } from './hints.js';

/** What {@link miniAppSender} takes. */
export interface MiniAppSenderOptions {
  /**
   * Whether the key that signed a delivery is an active app key of the user's FID:
   * `verifyAppKeyWithHub({ hubUrl })`, `verifyAppKeyWithNeynar({ apiKey })`, or any function of the
   * same shape (`@farcaster/miniapp-node`'s included). Required: a signature alone proves only that
   * someone holds a key, not that the key is the user's.
   */
  readonly verifyAppKey: VerifyAppKey;
  /**
   * The longest the lookup may take, in milliseconds; past it the delivery is answered 503
   * `app_key_lookup_failed` and the client retries. Default 5,000: above `verifyAppKeyWithHub`'s own
   * 3 s deadline, so its more precise error comes first.
   */
  readonly verifyAppKeyTimeoutMs?: number;
}

/** 5 seconds, the default `verifyAppKeyTimeoutMs`. */
export const DEFAULT_VERIFY_APP_KEY_TIMEOUT_MS = 5_000;

const OPTION_KEYS: readonly string[] = ['verifyAppKey', 'verifyAppKeyTimeoutMs'] satisfies (keyof MiniAppSenderOptions)[];
// The proof is in the body: there is no header to check.
const NO_HEADER_PROOF: Step<undefined> = /* @__PURE__ */ Object.freeze(proceed(undefined));
const SIGNATURE_MISMATCH = /* @__PURE__ */ refusal(
  'app_signature_mismatch',
  'The signature does not verify against the app key the signature header names.',
);
const NO_ED25519 = /* @__PURE__ */ refusal(
  'invalid_options',
  "This runtime's Web Crypto has no Ed25519, which Mini App events need; the server log says more.",
);

/**
 * Farcaster Mini App events (docs/contract.md §Senders, Mini App events): the events a Farcaster
 * client sends to a Mini App's `webhookUrl` when a user adds or removes the app or turns its
 * notifications on or off. Each body is a JSON Farcaster Signature, so there is no header to check;
 * a delivery is genuine when its Ed25519 signature verifies against the key its header names
 * (Web Crypto, no dependency) and `verifyAppKey` says that key is an active app key of the user's FID.
 * The same checks, in the same order, as `parseWebhookEvent` of `@farcaster/miniapp-node`.
 *
 * Deliveries carry no id, and identical bodies can be different events (a body carries no time nor
 * nonce, and Ed25519 is deterministic: removed, added, removed sends one body twice). So no
 * delivery is taken for an earlier one: `dedupe` does not collapse them and each hand-off is a job
 * of its own. Every Mini App event is idempotent on a token store (`applyMiniAppEvent`), so a client's
 * retry applied twice is harmless, while a real event dropped as a duplicate would not be.
 *
 * @param options `verifyAppKey` (required), `verifyAppKeyTimeoutMs` (default 5,000).
 * @throws {WebhookError} `invalid_options`, when the receiver is built, for a missing `verifyAppKey`
 *   or a timeout that is not a positive whole number of milliseconds.
 * @example
 * const tokens = memoryTokenStore();
 * const handle = webhookHandler({
 *   sender: miniAppSender({ verifyAppKey: verifyAppKeyWithNeynar({ apiKey: process.env.NEYNAR_API_KEY! }) }),
 *   on: {
 *     miniapp_added: (event) => applyMiniAppEvent(tokens, event),
 *     notifications_enabled: (event) => applyMiniAppEvent(tokens, event),
 *     notifications_disabled: (event) => applyMiniAppEvent(tokens, event),
 *     miniapp_removed: (event) => applyMiniAppEvent(tokens, event),
 *   },
 * });
 */
export function miniAppSender(options: MiniAppSenderOptions): Sender<MiniAppEvents> {
  return {
    name: 'miniapp',
    eventNames: MINI_APP_EVENT_NAMES,
    deliveryIdHeaders: [],
    keyPrefix: 'miniapp:',
    payloadIdKeys: false,
    bodyHashKeys: false,
    hints: MINI_APP_HINTS,
    start({ source, logger }: SenderSetup): SenderSteps<undefined> {
      const { verifyAppKey, timeoutMs } = checkOptions(options, source);
      const verifySignature = createEd25519Verify();
      const checkAppKey = createAppKeyCheck(verifyAppKey, timeoutMs, source, logger);

      // Not async: with node:crypto the verdict is at hand, so a forgery is answered in the same turn
      // and a genuine delivery waits for its lookup alone (no promise and resumption per step).
      function verifyAndRead(signed: SignedBody): Step<ReceivedEvent> | Promise<Step<ReceivedEvent>> {
        const verdict = verifySignature(signed.appKey.toLowerCase(), signed.publicKey, signed.signature, signed.signedInput);
        return isThenable(verdict)
          ? Promise.resolve(verdict).then((settled) => afterVerdict(signed, settled))
          : afterVerdict(signed, verdict);
      }

      function afterVerdict(signed: SignedBody, verdict: SignatureVerdict): Step<ReceivedEvent> | Promise<Step<ReceivedEvent>> {
        if (verdict === 'unsupported') {
          logger.error(`${source}: crypto.subtle has no Ed25519 on this runtime; Node 20.19+, Bun, Deno and workerd have it.`, {
            code: 'invalid_options',
          });
          return NO_ED25519;
        }
        if (verdict === 'invalid') return SIGNATURE_MISMATCH;
        return checkAppKey(signed.fid, signed.appKey).then((appFid) =>
          appFid.ok ? toMiniAppEvent(signed.payload, { fid: signed.fid, appFid: appFid.value, appKey: signed.appKey }) : appFid,
        );
      }

      return {
        header: undefined,
        // No header of its own; a request that carries another sender's (a Neynar signature, the
        // founding header) is that sender's delivery, answered 401 `wrong_sender` before its body is read.
        checkHeader: (_value, headers) => recogniseOtherSender('miniapp', headers) ?? NO_HEADER_PROOF,
        // The proof is inside the JSON value (its strings, as sent), so the runtime's own JSON read
        // serves: on Deno `request.json()` takes the buffered body at once, where reading its bytes
        // goes through the body stream and a decode of our own.
        readsParsedBody: true,
        readEvent(content) {
          // The signature covers the base64url strings of the body, which a body parser's result
          // still holds as sent: a body parsed first is checked like one read here (its size is then
          // the parser's limit's to govern).
          const body = parseBody(content);
          if (!body.ok) return body;
          const signed = readSignedBody(body.value);
          return signed.ok ? verifyAndRead(signed.value) : signed;
        },
      };
    },
  };
}

function checkOptions(options: MiniAppSenderOptions, source: string): { verifyAppKey: VerifyAppKey; timeoutMs: number } {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${source}: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('miniAppSender() takes an options object: miniAppSender({ verifyAppKey }).');
  const unknown = Object.keys(options).find((key) => !OPTION_KEYS.includes(key));
  if (unknown !== undefined)
    fail(`miniAppSender() has no option \`${unknown}\`; it takes ${OPTION_KEYS.map((key) => `\`${key}\``).join(' and ')}.`);
  const { verifyAppKey } = options;
  if (typeof verifyAppKey !== 'function') {
    fail(
      'miniAppSender() needs `verifyAppKey`, the check that the key which signed a delivery is an active app key of the user: ' +
        "pass verifyAppKeyWithHub({ hubUrl }) for a hub of your own, verifyAppKeyWithNeynar({ apiKey }) for Neynar's, " +
        'or any (fid, appKey) => Promise<{ valid: true, appFid } | { valid: false }>.',
    );
  }
  const timeoutMs = options.verifyAppKeyTimeoutMs ?? DEFAULT_VERIFY_APP_KEY_TIMEOUT_MS;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1) {
    fail(
      `\`verifyAppKeyTimeoutMs\` must be a positive whole number of milliseconds (default ${DEFAULT_VERIFY_APP_KEY_TIMEOUT_MS}); got ${String(options.verifyAppKeyTimeoutMs)}.`,
    );
  }
  return { verifyAppKey, timeoutMs };
}

import type { BodyContent } from '@social-webhooks/core/adapter';
import { ERROR_STATUS, type WebhookErrorCode } from '@social-webhooks/core';
import { resolveOpenReceiverOptions, type OpenReceiverOptions } from './open-receiver-options.js';
import { readOpen } from './read-open.js';
import { isTokenRefusal } from './verify-token.js';
import { wasSent } from './was-sent.js';

/** One request to the opens receiver, as an adapter sees it. */
export interface OpenRequest {
  readonly method: string;
  /** The `authorization` header: `Bearer <Quick Auth token>`. */
  readonly authorization: string | null | undefined;
  readonly contentType: string | null | undefined;
  /** Reads the body, answering `too-large` past `limit` bytes (a body parser's value is handed over as `parsed`). */
  readonly readBody: (limit: number) => BodyContent | Promise<BodyContent>;
}

/** The receiver's answer: a status, a JSON body, and the code that names the outcome. */
export interface OpenAnswer {
  readonly status: number;
  readonly body: string;
  readonly code: 'recorded' | WebhookErrorCode;
}

/** The opens receiver without a framework: `receive(request)` never throws. */
export interface OpenReceiver {
  receive(request: OpenRequest): Promise<OpenAnswer>;
}

const METHOD = /* @__PURE__ */ refused('method_not_allowed', 'Open reports are POST requests.');
const MISSING = /* @__PURE__ */ refused(
  'missing_token',
  'Send the report with `Authorization: Bearer <Quick Auth token>`: post it through sdk.quickAuth.fetch.',
);
const INVALID = /* @__PURE__ */ refused(
  'invalid_token',
  'The Quick Auth token is not valid for this app: expired, altered, or issued for another domain.',
);
const KEYS = /* @__PURE__ */ refused(
  'token_keys_unavailable',
  'The token could not be checked right now; nothing was recorded. Report again later.',
);
const STORE = /* @__PURE__ */ refused('open_store_unavailable', 'The open could not be stored; nothing was recorded. Report again later.');
const NOT_SENT = /* @__PURE__ */ refused('notification_not_sent', 'This user was not sent this notification; nothing was recorded.');
const HISTORY = /* @__PURE__ */ refused(
  'open_history_unavailable',
  'The open could not be checked against the notifications sent; nothing was recorded. Report again later.',
);
const BEARER = /^Bearer +([A-Za-z0-9_.~+/=-]+)\s*$/i;

/**
 * The opens receiver's route, for adapters: method, token, its verification, body, what was sent
 * (with `history`), record, each step one line that answers or goes on. The FID recorded is the verified token's `sub`, never one
 * from the body. Options are checked here, once.
 */
export function createOpenReceiver(options: OpenReceiverOptions, source: string): OpenReceiver {
  const { domain, store, verify, history, maxBodyBytes, logger, now } = resolveOpenReceiverOptions(options, source);
  const fid = async (token: string): Promise<number | OpenAnswer> => {
    let claims: { readonly sub: unknown; readonly aud?: unknown };
    try {
      claims = await verify({ token, domain });
    } catch (error) {
      if (isTokenRefusal(error)) return INVALID;
      logger?.error?.(`${source}: the Quick Auth token could not be verified (its key set unreachable?): answered 503`, {
        code: 'token_keys_unavailable',
        error,
      });
      return KEYS;
    }
    // Checked again, whatever `verify` was given: the audience is this app, the subject a FID.
    if (claims?.aud !== undefined && claims.aud !== domain) return INVALID;
    const sub = typeof claims?.sub === 'string' && /^[1-9]\d{0,15}$/.test(claims.sub) ? Number(claims.sub) : claims?.sub;
    return typeof sub === 'number' && Number.isSafeInteger(sub) && sub > 0 ? sub : INVALID;
  };

  return {
    async receive(request) {
      if (request.method !== 'POST') return METHOD;
      const token = BEARER.exec(request.authorization ?? '')?.[1];
      if (token === undefined) return MISSING;
      const user = await fid(token);
      if (typeof user !== 'number') return user;
      const open = await readOpen(request.contentType, request.readBody, maxBodyBytes);
      if (!open.ok) return { status: open.answer.status, body: open.answer.body, code: open.answer.code as WebhookErrorCode };
      if (history !== undefined) {
        try {
          if (!(await wasSent(history, open.value.notificationId, user))) return NOT_SENT;
        } catch (error) {
          logger?.error?.(`${source}: the notification history failed: answered 503`, { code: 'open_history_unavailable', error });
          return HISTORY;
        }
      }
      let unique: boolean;
      try {
        ({ unique } = await store.record({ ...open.value, fid: user, at: now() }));
      } catch (error) {
        logger?.error?.(`${source}: the open store failed: answered 503`, { code: 'open_store_unavailable', error });
        return STORE;
      }
      return { status: 200, code: 'recorded', body: JSON.stringify({ recorded: true, unique }) };
    },
  };
}

/** A refusal built once and frozen: a forged report costs the check and little else. */
function refused(code: WebhookErrorCode, message: string): OpenAnswer {
  return Object.freeze({ status: ERROR_STATUS[code], code, body: JSON.stringify({ error: code, message }) });
}

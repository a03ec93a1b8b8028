import type { NotificationTarget } from '@social-webhooks/core';
import { clientFidOf } from './client-fid.js';

/** Why a template key is not imported, a stable code (`--json`) with its explanation. */
export type SkipReason = 'wrong_type' | 'no_fid_in_key' | 'not_json' | 'no_token_or_url' | 'unknown_client' | 'other_token_kept';

/** A key left as it was, and why in words, with the fix where there is one. */
export interface Skip {
  readonly key: string;
  readonly reason: SkipReason;
  readonly detail: string;
}

/**
 * The target that a template's key and value stand for: the user's FID is the key's last `:` part
 * (`<app>:user:<fid>`), the value one `notificationDetails` as JSON (`{ url, token }`), and the
 * client's FID, which the templates do not keep, `clientFid` or known from the URL's host.
 */
export function templateTarget(key: string, value: string, clientFid: number | undefined): NotificationTarget | Skip {
  const last = key.slice(key.lastIndexOf(':') + 1);
  const fid = /^\d+$/.test(last) ? Number(last) : Number.NaN;
  if (!Number.isSafeInteger(fid) || fid <= 0)
    return { key, reason: 'no_fid_in_key', detail: 'the key does not end in ":<fid>"; is --pattern matching other keys?' };
  let details: unknown;
  try {
    details = JSON.parse(value);
  } catch {
    return { key, reason: 'not_json', detail: `the value is not JSON: ${JSON.stringify(value.slice(0, 40))}` };
  }
  const fields = (typeof details === 'object' && details !== null ? details : {}) as { url?: unknown; token?: unknown };
  const { token } = fields;
  // Kept as written (not URL.href): a client's events carry it as such, and a later event must compare equal.
  const url = typeof fields.url === 'string' ? fields.url : '';
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed === undefined || !/^https?:$/.test(parsed.protocol) || typeof token !== 'string' || token === '')
    return { key, reason: 'no_token_or_url', detail: 'the value is not { "url": "https://…", "token": "…" } (notificationDetails)' };
  const appFid = clientFidOf(parsed, clientFid);
  if (appFid === undefined)
    return {
      key,
      reason: 'unknown_client',
      detail: `no known client sends from ${parsed.host}: pass --client-fid N, the FID of the client whose URL that is`,
    };
  return { fid, appFid, url, token };
}

/** Whether {@link templateTarget} answered a skip. */
export function isSkip(result: NotificationTarget | Skip): result is Skip {
  return 'reason' in result;
}

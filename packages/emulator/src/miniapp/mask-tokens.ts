// A notification token is a bearer credential (whoever holds it can notify its user): what the
// Mini App routes answer shows its first characters only, as the users panel does. In code, the
// emulator's facade keeps every value whole.
import type { MiniAppDeliveryRecord } from './miniapp-deliveries.js';
import type { DeliveredNotification } from './notification-ledger.js';
import type { MiniAppSendResult } from './send-miniapp-event.js';
import { tokenPrefix } from './token-prefix.js';

/** What stands for a body the emulator cannot read as a JSON Farcaster Signature: nothing of it is shown. */
const UNREADABLE = '(not shown: not a JSON Farcaster Signature with a JSON payload)';

/**
 * A Mini App delivery's body as the API and the page show it: the JSON Farcaster Signature with the
 * notification token in its payload cut to its first characters (`tokenPrefix`, then `…`), as the
 * users panel shows a token. The payload is base64url of JSON: the token is not in plain sight, but
 * whoever decodes the payload reads it. The masked payload is encoded again, keeping the body's shape
 * (it no longer matches its signature: the bytes sent are in `emulator.miniApp.delivery(id)`, in process).
 */
export function maskMiniAppBody(body: string): string {
  try {
    const signed = JSON.parse(body) as { payload?: unknown };
    if (typeof signed?.payload !== 'string') return UNREADABLE;
    const payload = JSON.parse(Buffer.from(signed.payload, 'base64url').toString('utf8')) as {
      notificationDetails?: { token?: unknown };
    };
    const token = payload?.notificationDetails?.token;
    if (typeof token !== 'string') return body;
    const masked = { ...payload, notificationDetails: { ...payload.notificationDetails, token: `${tokenPrefix(token)}…` } };
    return JSON.stringify({ ...signed, payload: Buffer.from(JSON.stringify(masked)).toString('base64url') });
  } catch {
    return UNREADABLE;
  }
}

/** A Mini App delivery as its HTTP routes answer it: its body and each attempt's request body masked. */
export function maskMiniAppDelivery(record: MiniAppDeliveryRecord): MiniAppDeliveryRecord {
  return {
    ...record,
    body: maskMiniAppBody(record.body),
    attempts: record.attempts.map((attempt) => ({
      ...attempt,
      request: { ...attempt.request, body: maskMiniAppBody(attempt.request.body) },
    })),
  };
}

/** What the page's send form is answered: the payload's token cut to its first characters, all the page shows of it. */
export function maskSentForPage(sent: MiniAppSendResult): MiniAppSendResult {
  const { payload } = sent;
  if (payload.event !== 'miniapp_added' && payload.event !== 'notifications_enabled') return sent;
  if (payload.notificationDetails === undefined) return sent;
  const notificationDetails = { ...payload.notificationDetails, token: tokenPrefix(payload.notificationDetails.token) };
  return { ...sent, payload: { ...payload, notificationDetails } };
}

/** A notification a user received, as `GET /_emulator/miniapp/received` answers it: the token it came with as `tokenPrefix`. */
export function maskReceived({ token, ...item }: DeliveredNotification): Omit<DeliveredNotification, 'token'> & { tokenPrefix: string } {
  return { ...item, tokenPrefix: tokenPrefix(token) };
}

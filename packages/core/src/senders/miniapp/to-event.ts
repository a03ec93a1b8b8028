import { decodeUtf8, isJsonObject } from '../../body/parse-body.js';
import { proceed, refusal, type Step } from '../../result.js';
import { refuseEvent } from '../refuse-event.js';
import type { ReceivedEvent } from '../sender.js';
import { miniAppChecks } from '../../schema/generated/miniapp-checks.js';
import { Issue } from '../../schema/issue.js';
import { currentEventName, isMiniAppEventName } from './event-names.js';
import type { MiniAppEvent } from './types.js';

/** What the proof established: the user, the client's app FID, the key that signed. */
export interface Proven {
  readonly fid: number;
  readonly appFid: number;
  readonly appKey: string;
}

const NOT_JSON = /* @__PURE__ */ refusal('invalid_payload', 'The signed payload is not UTF-8 JSON.');
const NO_EVENT = /* @__PURE__ */ refusal('invalid_payload', 'The signed payload must be a JSON object with a non-empty `event` string.');

/**
 * Turns a verified payload into an event (docs/contract.md §Senders, Mini App events): its `event`
 * names it (a legacy `frame_*` name mapped as the reference maps it), its data is what the proof
 * established plus `notificationDetails` where the payload has them. Decides 400 `invalid_payload`
 * for a payload that is not a JSON object with an `event` string, or a known event whose data fails
 * its schema. Another event name goes on as an unknown event (200): its data is the proven fields
 * and the decoded `payload`, unchecked.
 */
export function toMiniAppEvent(payloadBytes: Uint8Array, proven: Proven): Step<ReceivedEvent> {
  let payload: unknown;
  try {
    payload = JSON.parse(decodeUtf8(payloadBytes));
  } catch {
    return NOT_JSON;
  }
  if (!isJsonObject(payload) || typeof payload['event'] !== 'string' || payload['event'] === '') return NO_EVENT;
  const eventName = currentEventName(payload['event']);
  if (!isMiniAppEventName(eventName)) return proceed({ known: false, event: { eventName, data: { ...proven, payload } } });
  // Only a key the payload has: an absent one stays absent, as the schema would keep it.
  const data = Object.hasOwn(payload, 'notificationDetails')
    ? { ...proven, notificationDetails: payload['notificationDetails'] }
    : { ...proven };
  // The check generated from the event's schema (schema/generated/miniapp-checks.ts): what the
  // schema's parse hands on (the fields it names), or the issue it reports first, in zod's words.
  const checked = miniAppChecks[eventName](data);
  if (checked instanceof Issue) {
    return refuseEvent('invalid_payload', `The ${eventName} payload is invalid: ${checked.describe()}.`, eventName);
  }
  // The check of `eventName` took it, so the pair is that event.
  return proceed({ known: true, event: { eventName, data: checked } as MiniAppEvent });
}

import { isJsonObject, type JsonObject } from '../../body/parse-body.js';
import { proceed, type Step } from '../../result.js';
import type { ReceivedEvent } from '../sender.js';
import { refuseEvent } from '../refuse-event.js';
import { isNeynarEventName } from './event-names.js';
import { neynarChecks } from '../../schema/generated/neynar-checks.js';
import { Issue } from '../../schema/issue.js';

/**
 * Turns a verified Neynar body into an event (docs/contract.md §Senders, Neynar): `type` names it,
 * `data` is its payload, `created_at` (unix seconds) is handed on as `createdAt`. Decides 400
 * `invalid_envelope` for a body without a `type` string or a `data` object, or with a `created_at`
 * that is not a number, and 400 `invalid_payload` for data its event's schema refuses. A type the
 * library does not know goes on unvalidated, to `onUnknownEvent`.
 */
export function toNeynarEvent(body: JsonObject): Step<ReceivedEvent> {
  const { type: eventName, data, created_at: createdAt } = body;
  if (typeof eventName !== 'string' || eventName === '') {
    return refuseEvent('invalid_envelope', 'The body\'s type must be a non-empty string, such as "cast.created".');
  }
  if (!isJsonObject(data)) return refuseEvent('invalid_envelope', "The body's data must be a JSON object.", eventName);
  if (createdAt !== undefined && typeof createdAt !== 'number') {
    return refuseEvent('invalid_envelope', "The body's created_at must be a number (unix seconds).", eventName);
  }
  const extra = createdAt === undefined ? {} : { createdAt };
  if (!isNeynarEventName(eventName)) return proceed({ known: false, event: { eventName, data, ...extra } });
  // The check generated from the event's schema (schema/generated/neynar-checks.ts): what the
  // schema's parse hands on, or the issue it reports first, which names the field in zod's words.
  const checked = neynarChecks[eventName](data);
  if (checked instanceof Issue) {
    return refuseEvent('invalid_payload', `The ${eventName} data is invalid: ${checked.describe()}.`, eventName);
  }
  return proceed({ known: true, event: { eventName, data: checked, ...extra } });
}

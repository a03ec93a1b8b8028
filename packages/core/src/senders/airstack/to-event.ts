import { isEventName, type EventName } from '../../schema/event-names.js';
import { parseFollowPayload, parseProfilePayload } from '../../schema/generated/founding-checks.js';
import { Issue } from '../../schema/issue.js';
import { proceed, type Step } from '../../result.js';
import { isJsonObject, type JsonObject } from '../../body/parse-body.js';
import type { ReceivedEvent } from '../sender.js';
import { refuseEvent } from '../refuse-event.js';
import type { SecretEntry } from './secret-entries.js';

/**
 * Turns a parsed body into an event (docs/contract.md §Body forms): an envelope `{ eventName, data }`
 * names its event; a flat body is the payload itself and takes the event the matched secret is bound
 * to. Decides (docs/contract.md §Statuses): 400 `unbound_flat_body`, `invalid_envelope` and
 * `invalid_payload`, and 401 `event_mismatch` for an envelope that claims another event than the
 * one its header value is bound to (the header belongs to another webhook).
 */
export function toEvent(body: JsonObject, secret: SecretEntry): Step<ReceivedEvent> {
  const envelope = Object.hasOwn(body, 'eventName');
  if (!envelope && secret.eventName === undefined) {
    return refuseEvent(
      'unbound_flat_body',
      'The body has no eventName (the flat form), and the header value it carried is not bound to an event ' +
        "type. Pass `secret` as a map, e.g. { 'follow.created': '<header_value>' }, so flat deliveries are typed.",
    );
  }
  const eventName = envelope ? body['eventName'] : secret.eventName;
  const data = envelope ? body['data'] : body;
  if (typeof eventName !== 'string' || eventName === '') {
    return refuseEvent('invalid_envelope', "The envelope's eventName must be a non-empty string.");
  }
  if (!isJsonObject(data)) {
    return refuseEvent('invalid_envelope', "The envelope's data must be a JSON object.", eventName);
  }
  if (secret.eventName !== undefined && secret.eventName !== eventName) {
    return refuseEvent('event_mismatch', 'The header value belongs to a webhook of another event type.', eventName);
  }
  if (!isEventName(eventName)) return proceed({ known: false, event: { eventName, data } });
  return validate(eventName, data);
}

function validate(eventName: EventName, data: JsonObject): Step<ReceivedEvent> {
  // The checks generated from the schemas (schema/generated/founding-checks.ts): what the schema's
  // parse hands on, or the issue it reports first, which names the field in zod's words.
  // A comparison, not a lookup by the event name: that string is fresh from JSON.parse every time.
  // Each branch narrows the name, so the event is typed without an assertion.
  if (eventName === 'follow.created' || eventName === 'follow.deleted') {
    const checked = parseFollowPayload(data);
    return checked instanceof Issue ? invalidPayload(eventName, checked) : proceed({ known: true, event: { eventName, data: checked } });
  }
  const checked = parseProfilePayload(data);
  return checked instanceof Issue ? invalidPayload(eventName, checked) : proceed({ known: true, event: { eventName, data: checked } });
}

function invalidPayload(eventName: EventName, issue: Issue): Step<never> {
  return refuseEvent('invalid_payload', `The ${eventName} data is invalid: ${issue.describe()}.`, eventName);
}

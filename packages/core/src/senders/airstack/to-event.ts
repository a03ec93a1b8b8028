import type { z } from 'zod';
import { isEventName, type EventName } from '../../schema/event-names.js';
import { createFastParse } from '../../schema/fast-parse.js';
import { payloadSchemas } from '../../schema/schemas.js';
import { proceed, type Step } from '../../result.js';
import { isJsonObject, type JsonObject } from '../../body/parse-body.js';
import type { ReceivedEvent } from '../sender.js';
import { describeIssue, refuseEvent } from '../refuse-event.js';
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

function buildParsers() {
  const { followPayloadSchema, profilePayloadSchema } = payloadSchemas();
  return {
    followPayloadSchema,
    profilePayloadSchema,
    fastParseFollow: createFastParse(followPayloadSchema),
    fastParseProfile: createFastParse(profilePayloadSchema),
  };
}

// Built on the first delivery, not at import: a Worker's cold start should not build schemas
// before it knows it has a delivery to check (schemas.ts).
let parsers: ReturnType<typeof buildParsers> | undefined;

function validate(eventName: EventName, data: JsonObject): Step<ReceivedEvent> {
  const { followPayloadSchema, profilePayloadSchema, fastParseFollow, fastParseProfile } = (parsers ??= buildParsers());
  // A comparison, not a lookup by the event name: that string is fresh from JSON.parse every time.
  // Each branch narrows the name, so the event is typed without an assertion.
  if (eventName === 'follow.created' || eventName === 'follow.deleted') {
    const fast = fastParseFollow(data);
    if (fast !== undefined) return proceed({ known: true, event: { eventName, data: fast } });
    const parsed = followPayloadSchema.safeParse(data);
    return parsed.success ? proceed({ known: true, event: { eventName, data: parsed.data } }) : invalidPayload(eventName, parsed.error);
  }
  const fast = fastParseProfile(data);
  if (fast !== undefined) return proceed({ known: true, event: { eventName, data: fast } });
  const parsed = profilePayloadSchema.safeParse(data);
  return parsed.success ? proceed({ known: true, event: { eventName, data: parsed.data } }) : invalidPayload(eventName, parsed.error);
}

function invalidPayload(eventName: EventName, error: z.core.$ZodError): Step<never> {
  return refuseEvent('invalid_payload', `The ${eventName} data is invalid: ${describeIssue(error)}.`, eventName);
}

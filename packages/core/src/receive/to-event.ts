import type { z } from 'zod';
import { isEventName, type EventName } from '../events/event-names.js';
import { createFastParse } from '../events/fast-parse.js';
import { eventPayloadSchemas, followPayloadSchema, profilePayloadSchema } from '../events/schemas.js';
import type { UnknownWebhookEvent, WebhookEvent } from '../events/types.js';
import type { SecretEntry } from '../auth/secret-entries.js';
import { failure, type ReceiveResult } from './outcome.js';
import { isJsonObject, type JsonObject } from './parse-body.js';

export type ToEventResult =
  | { readonly kind: 'known'; readonly event: WebhookEvent }
  | { readonly kind: 'unknown'; readonly event: UnknownWebhookEvent }
  | { readonly kind: 'refused'; readonly result: ReceiveResult };

/**
 * Turns a parsed body into an event (SPEC §1 "The delivered body"): an envelope `{ eventName, data }`
 * names its event; a flat body is the payload itself and takes the event the matched secret is bound
 * to. A binding also refuses an envelope that claims another event (401: the header belongs to
 * another webhook).
 */
export function toEvent(body: JsonObject, secret: SecretEntry): ToEventResult {
  const envelope = Object.hasOwn(body, 'eventName');
  if (!envelope && secret.eventName === undefined) {
    return refused(
      'unbound_flat_body',
      'The body has no eventName (the flat form), and the header value it carried is not bound to an event ' +
        "type. Pass `secret` as a map, e.g. { 'follow.created': '<header_value>' }, so flat deliveries are typed.",
    );
  }
  const eventName = envelope ? body['eventName'] : secret.eventName;
  const data = envelope ? body['data'] : body;
  if (typeof eventName !== 'string' || eventName === '') {
    return refused('invalid_envelope', 'The envelope\'s eventName must be a non-empty string.');
  }
  if (!isJsonObject(data)) {
    return refused('invalid_envelope', 'The envelope\'s data must be a JSON object.', eventName);
  }
  if (secret.eventName !== undefined && secret.eventName !== eventName) {
    return refused('event_mismatch', 'The header value belongs to a webhook of another event type.', eventName);
  }
  if (!isEventName(eventName)) return { kind: 'unknown', event: { eventName, data } };
  return validate(eventName, data);
}

const fastParseProfile = createFastParse(profilePayloadSchema);
const fastParseFollow = createFastParse(followPayloadSchema);

function validate(eventName: EventName, data: JsonObject): ToEventResult {
  // A comparison, not a lookup by the event name: that string is fresh from JSON.parse every time.
  const fastParse = eventName === 'follow.created' || eventName === 'follow.deleted' ? fastParseFollow : fastParseProfile;
  const fast = fastParse(data);
  if (fast !== undefined) return { kind: 'known', event: { eventName, data: fast } as WebhookEvent };
  const parsed = eventPayloadSchemas[eventName].safeParse(data);
  if (!parsed.success) {
    return refused('invalid_payload', `The ${eventName} data is invalid: ${describeIssue(parsed.error)}.`, eventName);
  }
  return { kind: 'known', event: { eventName, data: parsed.data } as WebhookEvent };
}

// The first issue's path and zod's message ("expected string, received number"): it names types,
// never the received value.
function describeIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'it does not match the schema';
  const path = issue.path.map(String).join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

function refused(code: Parameters<typeof failure>[0], message: string, eventName?: string): ToEventResult {
  return { kind: 'refused', result: failure(code, message, eventName) };
}

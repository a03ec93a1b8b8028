import { isJsonObject, type JsonObject } from '../../body/parse-body.js';
import { proceed, type Step } from '../../result.js';
import type { ReceivedEvent } from '../sender.js';
import { describeIssue, refuseEvent } from '../refuse-event.js';
import { isNeynarEventName } from './event-names.js';
import { createFastParse, type FastParse } from '../../schema/fast-parse.js';
import type { NeynarEventName } from './event-names.js';
import { neynarSchemas } from './schemas.js';

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
  const fast = (fastParsers ??= buildFastParsers())[eventName](data);
  if (fast !== undefined) return proceed({ known: true, event: { eventName, data: fast, ...extra } });
  const parsed = neynarSchemas().byEvent[eventName].safeParse(data);
  if (!parsed.success)
    return refuseEvent('invalid_payload', `The ${eventName} data is invalid: ${describeIssue(parsed.error)}.`, eventName);
  return proceed({ known: true, event: { eventName, data: parsed.data as JsonObject, ...extra } });
}

// Built on the first delivery, with the schemas (schemas.ts says why not at import).
let fastParsers: Readonly<Record<NeynarEventName, FastParse>> | undefined;

/**
 * Each event's hand check of its schema (schema/fast-parse.ts): what the schema would hand on, or
 * `undefined` for data the schema must decide on, whose refusal then names the field. One per
 * schema: events that share a schema (`cast.created` and `cast.deleted`) share its check.
 */
function buildFastParsers(): Readonly<Record<NeynarEventName, FastParse>> {
  const bySchema = new Map<object, FastParse>();
  const entries = Object.entries(neynarSchemas().byEvent).map(([name, schema]) => {
    let parse = bySchema.get(schema);
    if (parse === undefined) bySchema.set(schema, (parse = createFastParse(schema) as FastParse));
    return [name, parse];
  });
  return Object.fromEntries(entries) as Record<NeynarEventName, FastParse>;
}

import { EVENT_NAMES, isEventName, type EventName } from '../../schema/event-names.js';
import { WebhookError } from '../../errors.js';

/**
 * The header value(s) the service handed out when the webhook was created
 * (`authentication.header_value`):
 * - one string;
 * - several strings: rotation, or one endpoint serving several webhooks;
 * - a map from event name to string(s): binds each value to its webhook's event type, which is what
 *   types a flat delivery (one without `eventName`) and refuses a body that claims another event.
 */
export type SecretOption = string | readonly string[] | { readonly [Name in EventName]?: string | readonly string[] };

/**
 * `secret` given as a function, for a handler built before its secret exists (`next build`, a
 * Worker's `env`): called on the first delivery, sync or async, and checked then as a plain `secret`
 * is (`undefined` gets the "`secret` is missing" message). Until it returns a valid value, deliveries get 500 `invalid_options` (so the service retries)
 * and the reason is logged.
 */
export type SecretSource = () => SecretOption | undefined | PromiseLike<SecretOption | undefined>;

/** One accepted header value, with the event type it is bound to when the option was a map. */
export interface SecretEntry {
  readonly value: string;
  readonly eventName: EventName | undefined;
}

// Header values are visible ASCII with inner spaces (RFC 9110 §5.5); HTTP strips the outer ones.
const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * Turns the `secret` option into a flat list of entries, refusing every value that could never
 * match a delivery. Throws `invalid_options` with a message that says what to pass.
 */
export function toSecretEntries(secret: SecretOption | undefined, source: string): SecretEntry[] {
  const fail = (problem: string): never => {
    throw new WebhookError('invalid_options', `${source}: \`secret\` ${problem}`);
  };
  if (secret === undefined || secret === null) {
    fail(
      'is missing. Pass the header_value the service returned when you created the webhook, e.g. ' +
        '`{ secret: process.env.WEBHOOK_SECRET }`, and check that the variable is set.',
    );
  }
  if (typeof secret === 'string' || Array.isArray(secret)) {
    return dedupe(
      toValues(secret, 'secret', fail).map((value) => ({ value, eventName: undefined })),
      fail,
    );
  }
  if (typeof secret !== 'object') {
    return fail(`must be a string, an array of strings, or a map from event name to string(s); got ${typeof secret}.`);
  }
  const entries: SecretEntry[] = [];
  for (const [key, values] of Object.entries(secret)) {
    if (!isEventName(key)) {
      fail(`has the key "${key}", which is not an event name. Use one of: ${EVENT_NAMES.join(', ')}.`);
    }
    for (const value of toValues(values, `secret["${key}"]`, fail)) entries.push({ value, eventName: key as EventName });
  }
  if (entries.length === 0) fail(`is an empty map. Bind at least one event name, e.g. { 'follow.created': '<header_value>' }.`);
  return dedupe(entries, fail);
}

function toValues(input: unknown, label: string, fail: (problem: string) => never): string[] {
  const values: unknown[] = Array.isArray(input) ? input : [input];
  if (values.length === 0) fail(`is an empty array (${label}). Pass at least one header value.`);
  return values.map((value, index) => {
    const where = Array.isArray(input) ? `${label}[${index}]` : label;
    if (typeof value !== 'string') return fail(`must hold strings, but ${where} is ${value === null ? 'null' : typeof value}.`);
    if (value.trim() === '') return fail(`is empty (${where}). Pass the header_value the service returned when you created the webhook.`);
    if (value.trim() !== value) {
      return fail(
        `has leading or trailing whitespace (${where}), which HTTP strips from header values, so it could never ` +
          'match. Trim it (a trailing newline from a secrets file is the usual cause).',
      );
    }
    if (!HEADER_VALUE.test(value)) {
      return fail(`holds a character that cannot appear in an HTTP header value (${where}); use printable ASCII.`);
    }
    return value;
  });
}

function dedupe(entries: SecretEntry[], fail: (problem: string) => never): SecretEntry[] {
  const byValue = new Map<string, SecretEntry>();
  for (const entry of entries) {
    const seen = byValue.get(entry.value);
    if (seen && seen.eventName !== entry.eventName) {
      fail(`binds one header value to both ${seen.eventName} and ${entry.eventName}. Each webhook has its own value.`);
    }
    byValue.set(entry.value, entry);
  }
  return [...byValue.values()];
}

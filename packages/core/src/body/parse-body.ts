import type { ReadBody } from '../delivery.js';
import { proceed, refusal, type Step } from '../result.js';

/** A JSON object, the only body shape the service sends. */
export type JsonObject = Record<string, unknown>;

// fatal: a body that is not UTF-8 is not JSON (RFC 8259 §8.1), rather than silently mangled.
const decoder = new TextDecoder('utf-8', { fatal: true });
// The parser's message quotes the input, so it is not passed on.
const INVALID_JSON = refusal('invalid_json', 'The body is not valid UTF-8 JSON.');
const NOT_OBJECT = refusal('body_not_object', 'The body must be a JSON object.');

/**
 * Decodes and parses a body, and decides (docs/contract.md §Statuses): 400 `invalid_json` for a body
 * that is not UTF-8 JSON, 400 `body_not_object` for JSON that is not an object. Never throws.
 */
export function parseBody(content: ReadBody): Step<JsonObject> {
  let value: unknown;
  if (content.kind === 'parsed') {
    value = content.value;
  } else {
    try {
      value = JSON.parse(content.kind === 'text' ? content.text : decoder.decode(content.bytes));
    } catch {
      return INVALID_JSON;
    }
  }
  if (!isJsonObject(value)) return NOT_OBJECT;
  return proceed(value);
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

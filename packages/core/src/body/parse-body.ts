import type { ReadBody } from '../delivery.js';
import { proceed, refusal, type Step } from '../result.js';

/** A JSON object, the only body shape the service sends. */
export type JsonObject = Record<string, unknown>;

// Lenient, as the WHATWG decoder behind `request.json()` and `request.text()` is (Encoding standard,
// "UTF-8 decode"): bytes that are not UTF-8 become U+FFFD and a leading byte order mark is dropped.
// The senders' encoders replace invalid UTF-8 before sending (Go's encoding/json does), so a genuine
// delivery never holds any; a body that is no longer JSON once decoded is still refused
// (docs/contract.md §Statuses).
const decoder = /* @__PURE__ */ new TextDecoder('utf-8');
// The parser's message quotes the input, so it is not passed on.
export const INVALID_JSON = /* @__PURE__ */ refusal('invalid_json', 'The body is not valid JSON.');
const NOT_OBJECT = /* @__PURE__ */ refusal('body_not_object', 'The body must be a JSON object.');

/**
 * Decodes and parses a body, and decides (docs/contract.md §Statuses): 400 `invalid_json` for a body
 * that is not JSON once decoded, 400 `body_not_object` for JSON that is not an object. Never throws.
 */
export function parseBody(content: ReadBody): Step<JsonObject> {
  let value: unknown;
  if (content.kind === 'parsed') {
    value = content.value;
  } else {
    try {
      value = JSON.parse(content.kind === 'text' ? content.text : decodeUtf8(content.bytes));
    } catch {
      return INVALID_JSON;
    }
  }
  if (!isJsonObject(value)) return NOT_OBJECT;
  return proceed(value);
}

/**
 * Decodes UTF-8 as the WHATWG decoder does (`TextDecoder`, `request.text()`): bytes that are not
 * UTF-8 become U+FFFD, a leading byte order mark is dropped. Never throws.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import type { BodyContent } from '../delivery.js';

/** A JSON object, the only body shape the service sends. */
export type JsonObject = Record<string, unknown>;

export type ParsedBody =
  | { readonly ok: true; readonly value: JsonObject }
  | { readonly ok: false; readonly code: 'invalid_json' | 'body_not_object'; readonly message: string };

// fatal: a body that is not UTF-8 is not JSON (RFC 8259 §8.1), rather than silently mangled.
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Decodes and parses a body, refusing anything but a JSON object. Never throws. */
export function parseBody(content: Extract<BodyContent, { kind: 'bytes' | 'text' | 'parsed' }>): ParsedBody {
  let value: unknown;
  if (content.kind === 'parsed') {
    value = content.value;
  } else {
    try {
      value = JSON.parse(content.kind === 'text' ? content.text : decoder.decode(content.bytes));
    } catch {
      // The parser's message quotes the input, so it is not passed on.
      return { ok: false, code: 'invalid_json', message: 'The body is not valid UTF-8 JSON.' };
    }
  }
  if (!isJsonObject(value)) {
    return { ok: false, code: 'body_not_object', message: 'The body must be a JSON object.' };
  }
  return { ok: true, value };
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

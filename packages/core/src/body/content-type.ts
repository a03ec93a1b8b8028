/**
 * Whether a `content-type` names JSON: `application/json` or a `+json` structured syntax suffix
 * (RFC 6839 §3.1), parameters such as `charset` ignored. An absent content-type is accepted (docs/contract.md §Statuses).
 */
export function isJsonContentType(contentType: string): boolean {
  // What the service sends, answered without the slicing and lower-casing below.
  if (contentType === 'application/json') return true;
  const semicolon = contentType.indexOf(';');
  const essence = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return essence === 'application/json' || (essence.startsWith('application/') && essence.endsWith('+json'));
}

/** The declared body length, or `undefined` when absent or not a plain decimal number. */
export function parseContentLength(value: string | number | null | undefined): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  // 1 to 15 ASCII digits (so the number stays a safe integer), read without a regular expression:
  // this runs on every delivery, before the body is read.
  if (typeof value !== 'string' || value.length === 0 || value.length > 15) return undefined;
  let length = 0;
  for (let index = 0; index < value.length; index++) {
    const digit = value.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return undefined;
    length = length * 10 + digit;
  }
  return length;
}

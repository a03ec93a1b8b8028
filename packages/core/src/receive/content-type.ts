/**
 * Whether a `content-type` names JSON: `application/json` or a `+json` structured syntax suffix
 * (RFC 6839 §3.1), parameters such as `charset` ignored. An absent content-type is accepted (SPEC §2).
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
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Whether a POST comes from the page itself, the CSRF check of every action (OWASP's "Fetch
 * Metadata" and "Verifying Origin with standard headers"): a page of another site can set neither
 * `Sec-Fetch-Site` nor `Origin`. A browser that sends `Sec-Fetch-Site` is believed on it; otherwise
 * `Origin`'s host must be the request's (its scheme is not compared, so the check holds behind a
 * proxy that ends TLS). A request with neither is refused.
 */
export function isSameOrigin(request: Request, url: URL): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  const origin = request.headers.get('origin');
  if (origin === null || origin === 'null') return false;
  try {
    return new URL(origin).host === url.host;
  } catch {
    return false;
  }
}

/** The most bytes an action's form may have: an id or two. */
export const MAX_FORM_BYTES = 16 * 1024;

/** An action's form fields, or `undefined` when the body is not a form or is over {@link MAX_FORM_BYTES}. */
export async function readForm(request: Request): Promise<URLSearchParams | undefined> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded') || request.body === null) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FORM_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new URLSearchParams(new TextDecoder().decode(bytes));
}

/**
 * Whether a POST comes from the page itself, the CSRF check of every action (OWASP's "Verifying
 * Origin with standard headers"): browsers send `Origin` on every form POST, and a page of another
 * site cannot set it. Its host is compared with the request's, not its scheme, so the check holds
 * behind a proxy that ends TLS; `Sec-Fetch-Site`, when sent, must say `same-origin` too.
 */
export function isSameOrigin(request: Request, url: URL): boolean {
  const origin = request.headers.get('origin');
  if (origin === null || origin === 'null') return false;
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return false;
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

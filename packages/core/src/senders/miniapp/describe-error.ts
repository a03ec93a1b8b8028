/**
 * An error in one line: its message and, in brackets, each cause's message and code
 * (`fetch failed (getaddrinfo ENOTFOUND hub-api.neynar.com)`), so a failed lookup is logged as one
 * line that names its cause, not as a stack trace per delivery.
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  // A cause chain is short; the bound stops a cycle.
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    const code = (current as { code?: unknown }).code;
    const part = typeof code === 'string' && !message.includes(code) ? `${message} [${code}]` : message;
    if (part !== '' && !parts.some((seen) => seen.includes(part))) parts.push(part);
    current = (current as { cause?: unknown }).cause;
  }
  const [first = 'unknown error', ...causes] = parts;
  return causes.length === 0 ? first : `${first} (${causes.join('; ')})`;
}

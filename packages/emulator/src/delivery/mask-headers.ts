/**
 * The headers as the log shows them: the delivery header's value (the webhook's secret) keeps its
 * first 4 characters, enough to tell two webhooks apart, and the rest is masked.
 */
export function maskHeaders(headers: Readonly<Record<string, string>>, secretHeader: string | undefined): Record<string, string> {
  const masked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    masked[name] = name === secretHeader ? value.slice(0, 4) + '*'.repeat(Math.max(0, value.length - 4)) : value;
  }
  return masked;
}

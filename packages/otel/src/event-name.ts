/**
 * The event name as an attribute value: one of its sender's documented names (`known`, from the
 * delivery's or the job's start), or `_OTHER` (the conventions' spelling for a value outside a known
 * set, as for `http.request.method`). An event name comes from the body, so a sender could otherwise
 * mint a metric series per request.
 */
export function eventNameAttribute(eventName: string | undefined, known: readonly string[]): string | undefined {
  if (eventName === undefined) return undefined;
  return known.includes(eventName) ? eventName : '_OTHER';
}

import { isEventName } from '@social-webhooks/core';

/**
 * The event name as an attribute value: one of the documented names, or `_OTHER` (the
 * conventions' spelling for a value outside a known set, as for `http.request.method`). An event
 * name comes from the body, so a sender could otherwise mint a metric series per request.
 */
export function eventNameAttribute(eventName: string | undefined): string | undefined {
  if (eventName === undefined) return undefined;
  return isEventName(eventName) ? eventName : '_OTHER';
}

import type { z } from 'zod';
import { failure, stop, type Step } from '../result.js';

/** Ends a delivery whose body a sender could not turn into an event, with the event name once known. */
export function refuseEvent(code: Parameters<typeof failure>[0], message: string, eventName?: string): Step<never> {
  return stop(failure(code, message, eventName));
}

/**
 * The first issue of a schema's refusal: its path and zod's message ("expected string, received
 * number"). It names types, never the received value, so an `invalid_payload` answer may quote it.
 */
export function describeIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'it does not match the schema';
  const path = issue.path.map(String).join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

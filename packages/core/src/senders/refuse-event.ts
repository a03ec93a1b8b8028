import { failure, stop, type Step } from '../result.js';

/** Ends a delivery whose body a sender could not turn into an event, with the event name once known. */
export function refuseEvent(code: Parameters<typeof failure>[0], message: string, eventName?: string): Step<never> {
  return stop(failure(code, message, eventName));
}

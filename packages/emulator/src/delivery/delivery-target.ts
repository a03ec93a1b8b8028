/**
 * Where a delivery goes and how it proves itself genuine, whichever sender's webhook it is: the
 * dispatcher asks nothing else of a webhook. Read at every attempt, so a retry or a replay goes to
 * the webhook's current URL with its current secret.
 */
export interface DeliveryTarget {
  /** The webhook's id, as the log records it. */
  readonly id: string;
  /** The URL to POST to. */
  readonly endpoint: string;
  /** The headers that prove these body bytes genuine (a static header value, or a signature of them). */
  authenticate(body: string): Readonly<Record<string, string>>;
  /** The header whose value is a secret, masked in the log; `undefined` when none is (a signature). */
  readonly secretHeader: string | undefined;
}

/**
 * Convoy, the service's gateway, stamps every delivery with this header, the same on every retry of
 * one event (docs/contract.md §Delivery semantics): a better delivery key than the payload's `id`.
 */
export const DEFAULT_DELIVERY_ID_HEADERS: readonly string[] = /* @__PURE__ */ Object.freeze(['x-convoy-idempotency-key']);

// Longer values are ignored rather than stored as keys: a key is kept per delivery.
const MAX_DELIVERY_ID_LENGTH = 256;

/** The first of `headers` the delivery carries with a usable value, or `undefined`. */
export function readDeliveryId(
  getHeader: ((name: string) => string | null | undefined) | undefined,
  headers: readonly string[],
): string | undefined {
  if (getHeader === undefined) return undefined;
  for (const name of headers) {
    const value = getHeader(name)?.trim();
    if (value !== undefined && value !== '' && value.length <= MAX_DELIVERY_ID_LENGTH) return value;
  }
  return undefined;
}

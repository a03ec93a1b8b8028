/**
 * A payload with the fields the documentation does not name: the receiver keeps every field it
 * receives (docs/contract.md §Events), and this type lets a handler read them as `unknown`.
 */
export type WithUnknownFields<T> = T & { readonly [field: string]: unknown };

/**
 * The escape hatch to fields the payload types do not name (a field the service added after this
 * version). The same object, typed so that any field may be read, as `unknown` to narrow:
 * `withUnknownFields(event.data).castHash`. The documented fields keep their types.
 *
 * @example
 * const extra = withUnknownFields(event.data).newField;
 * if (typeof extra === 'string') console.log(extra);
 */
export function withUnknownFields<T extends object>(data: T): WithUnknownFields<T> {
  return data as WithUnknownFields<T>;
}

/**
 * An object type with its index signature removed, nested objects included, when it has named
 * fields: the schemas keep fields they do not know (docs/contract.md §Events), which `z.output`
 * types as `[key: string]: unknown`, and under that signature a misspelled field
 * (`followerProfileID`) would compile. An object with no named fields (a `z.record`, such as
 * `profileMetadata`) keeps its signature: it is all there is.
 */
export type Documented<T> = T extends readonly unknown[]
  ? { [I in keyof T]: Documented<T[I]> }
  : T extends object
    ? [keyof Named<T>] extends [never]
      ? T
      : { [K in keyof Named<T>]: Documented<Named<T>[K]> }
    : T;

type IsIndex<K> = string extends K ? true : number extends K ? true : symbol extends K ? true : false;
// Homomorphic with a key filter: it visits each named property as well as the index signatures,
// where `keyof T` alone is just `string | number`.
type Named<T> = { [K in keyof T as IsIndex<K> extends true ? never : K]: T[K] };

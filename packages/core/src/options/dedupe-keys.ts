import type { DedupeOptions } from '../dedupe/dedupe-options.js';

/** Every key of {@link DedupeOptions}, for the check that refuses unknown (misspelled) ones. */
export const DEDUPE_KEYS = ['store', 'ttlMs', 'leaseMs', 'timeoutMs', 'onStoreError', 'key'] as const satisfies readonly (keyof DedupeOptions)[];

// A key added to DedupeOptions but not to the list above would be refused at run time: this stops the build instead.
type Never<T extends never> = T;
export type MissingDedupeKey = Never<Exclude<keyof DedupeOptions, (typeof DEDUPE_KEYS)[number]>>;

import type { z } from 'zod';
import { handChecks, type HandCheck } from './field-schemas.js';

type Payload = Record<string, unknown>;

/**
 * Parses a payload the way its schema would, without running the schema over every field: returns
 * what `schema.parse(data)` would (the same object when nothing changes), or `undefined` when the
 * schema must decide (an invalid payload, an integer identifier, a `__proto__` key).
 */
export type FastParse<Output = Payload> = (data: Payload) => Output | undefined;

// How a field is checked: by hand for the shared field schemas (each names its check where it is
// defined, in field-schemas.ts), else by its own schema. A switch rather than a function per kind keeps the loop's call site from going
// megamorphic. Running zod over the 15 to 40 fields of a payload was a fifth of the receive path
// (BENCHMARKS.md, "What changed to meet the goals"); these say the same in a comparison or two.
const TEXT = 0;
const INTEGER = 1;
const FLAG = 2;
const IDENTIFIER = 3;
const OTHER = 4;

const KINDS: Readonly<Record<HandCheck, number>> = { text: TEXT, integer: INTEGER, flag: FLAG, identifier: IDENTIFIER };

interface Field {
  readonly key: string;
  readonly kind: number;
  readonly schema: z.ZodType;
}

/**
 * Builds the fast parse of a loose object schema. Fields of a shared schema are checked by hand;
 * any other field (a nested object, an array) goes through its own schema, and its output is used.
 * Unknown fields pass unchanged, as `looseObject` keeps them.
 */
export function createFastParse<Schema extends z.ZodObject>(schema: Schema): FastParse<z.output<Schema>> {
  const fields: Field[] = Object.entries(schema.shape).map(([key, field]) => {
    // `has`, not only `get`: zod hands a registration down to derived schemas (`text.max(10)`),
    // whose extra checks the hand check would skip. Only the registered schema itself is checked by hand.
    const handCheck = handChecks.has(field) ? handChecks.get(field)?.handCheck : undefined;
    return { key, kind: handCheck === undefined ? OTHER : KINDS[handCheck], schema: field };
  });
  return function fastParse(data) {
    // The schema leaves an own `__proto__` key out of its output; so does nothing here.
    if (Object.hasOwn(data, '__proto__')) return undefined;
    let output = data;
    for (const field of fields) {
      const value = data[field.key];
      switch (field.kind) {
        // Each case is the hand check field-schemas.ts names on the schema's line.
        case TEXT:
          if (value !== undefined && value !== null && typeof value !== 'string') return undefined;
          continue;
        case INTEGER:
          if (value !== undefined && value !== null && !Number.isSafeInteger(value)) return undefined;
          continue;
        case FLAG:
          if (value !== undefined && value !== null && typeof value !== 'boolean') return undefined;
          continue;
        case IDENTIFIER:
          // An integer identifier is valid too, but comes out as a string: that is the schema's work.
          if (typeof value !== 'string') return undefined;
          continue;
      }
      const parsed = field.schema.safeParse(value);
      if (!parsed.success) return undefined;
      if (parsed.data === value) continue;
      // Copied on the first change, so the caller's object is never written to.
      if (output === data) output = { ...data };
      output[field.key] = parsed.data;
    }
    // Every field passed the check its schema would make, or went through the schema: the output is
    // what `schema.parse(data)` returns, which the tests compare on random payloads.
    return output as z.output<Schema>;
  };
}

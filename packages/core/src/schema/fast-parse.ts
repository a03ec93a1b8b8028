import * as z from 'zod/mini';
import { FLAG, IDENTIFIER, INTEGER, LITERAL, NESTED, NUMBER, OBJECTS, RECORD, STRINGS, TEXT, fieldKind } from './field-kinds.js';

type Payload = Record<string, unknown>;

/**
 * Parses a payload the way its schema would, without running the schema over every field: returns
 * what `schema.parse(data)` would (the same object when nothing changes), or `undefined` when the
 * schema must decide (an invalid payload, an integer identifier, a `__proto__` key).
 */
export type FastParse<Output = Payload> = (data: Payload) => Output | undefined;

interface Field {
  readonly key: string;
  readonly kind: number;
  /** Whether `undefined` and `null` pass (`z.nullish(...)`). */
  readonly nullish: boolean;
  readonly schema: z.core.$ZodType;
  /** For a nested object or an array of them, the fast parse of one. */
  readonly nested: FastParse | undefined;
  /** For a literal, its values. */
  readonly values: readonly unknown[] | undefined;
}

/**
 * Builds the fast parse of a loose object schema. Strings, integers, numbers, booleans, literals,
 * the shared field schemas, nested loose objects and arrays of them, string arrays and free-form
 * records, each required or nullish, are checked by hand (field-kinds.ts; running zod over the 15 to
 * 40 fields of a founding payload was a fifth to a third of the receive path in the benchmarks, and
 * over a Neynar cast with its author, embeds and channel, 19 µs of a delivery on Node and 29 on
 * Bun); any other field goes through its own schema, and its output is used. Unknown fields pass
 * unchanged, as `looseObject` keeps them. Where zod would hand on a copy of a nested object or
 * array with the same content, the parsed value itself is handed on: it came fresh from JSON.parse.
 */
export function createFastParse<Schema extends z.core.$ZodObject>(schema: Schema): FastParse<z.output<Schema>> {
  return createLooseParse(schema) as FastParse<z.output<Schema>>;
}

function createLooseParse(schema: z.core.$ZodObject): FastParse {
  const fields: Field[] = Object.entries(schema._zod.def.shape).map(([key, field]) => {
    const { kind, nullish, object, values } = fieldKind(field);
    return { key, kind, nullish, schema: field, nested: object === undefined ? undefined : createLooseParse(object), values };
  });
  return function fastParse(data) {
    // The schema leaves an own `__proto__` key out of its output; so does nothing here.
    if (Object.hasOwn(data, '__proto__')) return undefined;
    let output = data;
    for (const field of fields) {
      const value = data[field.key];
      if (field.nullish && (value === undefined || value === null)) continue;
      switch (field.kind) {
        // Each case is the check its schema makes (field-kinds.ts names the schema of each kind).
        case TEXT:
        case IDENTIFIER:
          // An integer identifier is valid too, but comes out as a string: that is the schema's work.
          if (typeof value !== 'string') return undefined;
          continue;
        case INTEGER:
          if (!Number.isSafeInteger(value)) return undefined;
          continue;
        case FLAG:
          if (typeof value !== 'boolean') return undefined;
          continue;
        case NUMBER:
          if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
          continue;
        case LITERAL:
          if (!field.values!.includes(value)) return undefined;
          continue;
        case STRINGS:
          if (!(Array.isArray(value) && value.every(isString))) return undefined;
          continue;
        case RECORD:
          // An own `__proto__` key would set the prototype of zod's copy; the schema decides.
          if (!(isObject(value) && !Object.hasOwn(value, '__proto__'))) return undefined;
          continue;
        case NESTED: {
          if (!isObject(value)) return undefined;
          const nested = field.nested!(value);
          if (nested === undefined) return undefined;
          if (nested === value) continue;
          if (output === data) output = { ...data };
          output[field.key] = nested;
          continue;
        }
        case OBJECTS: {
          if (!Array.isArray(value)) return undefined;
          const parsed = parseEach(value, field.nested!);
          if (parsed === undefined) return undefined;
          if (parsed === value) continue;
          if (output === data) output = { ...data };
          output[field.key] = parsed;
          continue;
        }
      }
      const parsed = z.safeParse(field.schema, value);
      if (!parsed.success) return undefined;
      if (parsed.data === value) continue;
      // Copied on the first change, so the caller's object is never written to.
      if (output === data) output = { ...data };
      output[field.key] = parsed.data;
    }
    // Every field passed the check its schema would make, or went through the schema: the output is
    // what `schema.parse(data)` returns, which the tests compare on random payloads.
    return output;
  };
}

/** Each element through `parse`: the same array when none changed, a copy when one did. */
function parseEach(elements: readonly unknown[], parse: FastParse): unknown[] | undefined {
  let output: unknown[] | undefined;
  for (let index = 0; index < elements.length; index++) {
    const element = elements[index];
    if (!isObject(element)) return undefined;
    const parsed = parse(element);
    if (parsed === undefined) return undefined;
    if (parsed !== element) (output ??= elements.slice())[index] = parsed;
  }
  return output ?? (elements as unknown[]);
}

function isString(value: unknown): boolean {
  return typeof value === 'string';
}

function isObject(value: unknown): value is Payload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

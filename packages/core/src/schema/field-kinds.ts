import type * as z from 'zod/mini';
import { handChecks, type HandCheck } from './field-schemas.js';

// How `createFastParse` checks a field. Numbers, not functions, so its loop is one switch whose
// call site never goes megamorphic.
export const TEXT = 0;
export const INTEGER = 1;
export const FLAG = 2;
export const IDENTIFIER = 3;
/** `z.number()`: a finite number, required. */
export const NUMBER = 4;
/** `z.nullish(z.looseObject(...))`: a nested payload object, checked field by field in turn. */
export const NESTED = 5;
/** `z.nullish(z.array(z.string()))`. */
export const STRINGS = 6;
/** `z.nullish(z.record(z.string(), z.unknown()))`: any object of any values. */
export const RECORD = 7;
/** Anything else: the field's own schema decides. */
export const OTHER = 8;

const SHARED: Readonly<Record<HandCheck, number>> = { text: TEXT, integer: INTEGER, flag: FLAG, identifier: IDENTIFIER };

/** The parts of zod 4's schema definitions (`_zod.def`) read here, whatever the schema's type. */
interface Definition {
  readonly type: string;
  readonly checks?: readonly unknown[] | undefined;
  readonly innerType?: z.core.$ZodType;
  readonly catchall?: z.core.$ZodType | undefined;
  readonly element?: z.core.$ZodType;
  readonly keyType?: z.core.$ZodType;
  readonly valueType?: z.core.$ZodType;
}

function definition(schema: z.core.$ZodType): Definition {
  return schema._zod.def as Definition;
}

/** A field's kind; for `NESTED`, also the loose object schema inside the `nullish`. */
export function fieldKind(schema: z.core.$ZodType): { kind: number; object?: z.core.$ZodObject } {
  // The shared field schemas name their hand check where they are defined (field-schemas.ts).
  // `has`, not only `get`: zod hands a registration down to derived schemas, whose extra checks
  // the hand check would skip. Only the registered schema itself is checked by hand.
  const handCheck = handChecks.has(schema) ? handChecks.get(schema)?.handCheck : undefined;
  if (handCheck !== undefined) return { kind: SHARED[handCheck] };
  if (isPlain(schema, 'number')) return { kind: NUMBER };
  // `z.nullish(x)` is `optional(nullable(x))` (zod 4's definitions, `_zod.def`).
  const inner = unwrapNullish(schema);
  if (inner === undefined) return { kind: OTHER };
  const def = definition(inner);
  // A loose object only: a strict one refuses unknown keys, a stripping one drops them.
  if (def.type === 'object' && def.catchall !== undefined && isPlain(def.catchall, 'unknown'))
    return { kind: NESTED, object: inner as z.core.$ZodObject };
  if (def.type === 'array' && def.element !== undefined && isPlain(def.element, 'string')) return { kind: STRINGS };
  if (
    def.type === 'record' &&
    def.keyType !== undefined &&
    def.valueType !== undefined &&
    isPlain(def.keyType, 'string') &&
    isPlain(def.valueType, 'unknown')
  ) {
    return { kind: RECORD };
  }
  return { kind: OTHER };
}

function unwrapNullish(schema: z.core.$ZodType): z.core.$ZodType | undefined {
  const optional = definition(schema);
  if (optional.type !== 'optional' || optional.innerType === undefined) return undefined;
  const nullable = definition(optional.innerType);
  return nullable.type === 'nullable' ? nullable.innerType : undefined;
}

// The type with no refinement (`z.string()`, not `z.string().check(...)`).
function isPlain(schema: z.core.$ZodType, type: string): boolean {
  const def = definition(schema);
  return def.type === type && (def.checks === undefined || def.checks.length === 0);
}

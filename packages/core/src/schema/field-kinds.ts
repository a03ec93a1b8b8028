import type * as z from 'zod/mini';
import { fieldSchemas } from './field-schemas.js';

// How `createFastParse` checks a field. Numbers, not functions, so its loop is one switch whose
// call site never goes megamorphic. Each kind is the check of a schema that may be wrapped in
// `z.nullish(...)` (then `undefined` and `null` pass too, `FieldKind.nullish`).
/** `z.string()`. */
export const TEXT = 0;
/** `z.int()`: a safe integer. */
export const INTEGER = 1;
/** `z.boolean()`. */
export const FLAG = 2;
/** The shared `identifier`: a string passes as it is (an integer is the schema's to turn into one). */
export const IDENTIFIER = 3;
/** `z.number()`: a finite number. */
export const NUMBER = 4;
/** `z.looseObject(...)`: a nested payload object, checked field by field in turn. */
export const NESTED = 5;
/** `z.array(z.string())`. */
export const STRINGS = 6;
/** `z.record(z.string(), z.unknown())`: any object of any values. */
export const RECORD = 7;
/** `z.array(z.looseObject(...))`: each element checked as a nested object. */
export const OBJECTS = 8;
/** `z.literal(...)`: one of its values. */
export const LITERAL = 9;
/** Anything else: the field's own schema decides. */
export const OTHER = 10;

/** A field's check: its kind, whether `undefined` and `null` pass, and what the kind needs. */
export interface FieldKind {
  readonly kind: number;
  readonly nullish: boolean;
  /** For `NESTED` and `OBJECTS`: the loose object schema of the value or of each element. */
  readonly object?: z.core.$ZodObject;
  /** For `LITERAL`: the values it takes. */
  readonly values?: readonly unknown[];
}

const IDENTIFIER_KIND: FieldKind = { kind: IDENTIFIER, nullish: false };

/** The parts of zod 4's schema definitions (`_zod.def`) read here, whatever the schema's type. */
interface Definition {
  readonly type: string;
  readonly checks?: readonly unknown[] | undefined;
  readonly format?: string;
  readonly coerce?: boolean;
  readonly innerType?: z.core.$ZodType;
  readonly catchall?: z.core.$ZodType | undefined;
  readonly element?: z.core.$ZodType;
  readonly keyType?: z.core.$ZodType;
  readonly valueType?: z.core.$ZodType;
  readonly values?: readonly unknown[];
}

function definition(schema: z.core.$ZodType): Definition {
  return schema._zod.def as Definition;
}

/** How a field of a loose object schema is checked by hand, or `OTHER` when its schema must run. */
export function fieldKind(schema: z.core.$ZodType): FieldKind {
  // The shared identifier, itself only (field-schemas.ts): a schema derived from it adds checks.
  if (schema === fieldSchemas().identifier) return IDENTIFIER_KIND;
  // `z.nullish(x)` is `optional(nullable(x))` (zod 4's definitions, `_zod.def`).
  const inner = unwrapNullish(schema);
  const nullish = inner !== undefined;
  const kind = valueKind(inner ?? schema);
  return kind === undefined ? { kind: OTHER, nullish: false } : { ...kind, nullish };
}

function valueKind(schema: z.core.$ZodType): Omit<FieldKind, 'nullish'> | undefined {
  const def = definition(schema);
  if (isPlain(schema, 'string')) return { kind: TEXT };
  if (isPlain(schema, 'boolean')) return { kind: FLAG };
  if (def.type === 'number' && isUnchecked(def)) {
    if (def.format === undefined) return { kind: NUMBER };
    if (def.format === 'safeint') return { kind: INTEGER };
    return undefined;
  }
  if (def.type === 'literal' && isUnchecked(def) && def.values !== undefined) return { kind: LITERAL, values: def.values };
  if (isLooseObject(schema)) return { kind: NESTED, object: schema as z.core.$ZodObject };
  if (def.type === 'array' && isUnchecked(def) && def.element !== undefined) {
    if (isPlain(def.element, 'string')) return { kind: STRINGS };
    if (isLooseObject(def.element)) return { kind: OBJECTS, object: def.element as z.core.$ZodObject };
    return undefined;
  }
  if (
    def.type === 'record' &&
    isUnchecked(def) &&
    def.keyType !== undefined &&
    def.valueType !== undefined &&
    isPlain(def.keyType, 'string') &&
    isPlain(def.valueType, 'unknown')
  ) {
    return { kind: RECORD };
  }
  return undefined;
}

function unwrapNullish(schema: z.core.$ZodType): z.core.$ZodType | undefined {
  const optional = definition(schema);
  if (optional.type !== 'optional' || optional.innerType === undefined || !isUnchecked(optional)) return undefined;
  const nullable = definition(optional.innerType);
  return nullable.type === 'nullable' && isUnchecked(nullable) ? nullable.innerType : undefined;
}

// A loose object only, with no refinement: a strict one refuses unknown keys, a stripping one drops them.
function isLooseObject(schema: z.core.$ZodType): boolean {
  const def = definition(schema);
  return def.type === 'object' && isUnchecked(def) && def.catchall !== undefined && isPlain(def.catchall, 'unknown');
}

// The type with no refinement (`z.string()`, not `z.string().check(...)`), and no format.
function isPlain(schema: z.core.$ZodType, type: string): boolean {
  const def = definition(schema);
  return def.type === type && isUnchecked(def) && def.format === undefined;
}

// No refinement and no coercion: the value passes as it came, or not at all.
function isUnchecked(def: Definition): boolean {
  return (def.checks === undefined || def.checks.length === 0) && def.coerce !== true;
}
